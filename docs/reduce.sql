-- slopack: the reduction of the Google 2011 trace (clusterdata-2011-2) to per-task samples, as one
-- query for BigQuery (standard SQL) or Spark SQL. It is what `npm run cli -- reduce` does with
-- DuckDB (src/cli/reduce/duckdb.ts) or Dask (`--engine dask`, src/cli/dask/reduce.py) and what the
-- in-process loader does (src/engine/data/google.ts): same filters, same counts, same order, so
-- they give the same numbers.
--
-- Where this query differs from the DuckDB one (and Dask's, which follows DuckDB step by step):
--   * Bad records: DuckDB checks every record (ids out of range, a value negative or above 1) and
--     stops naming one, or with --skip-bad-lines drops and counts them (unparsable lines too, via
--     read_csv's rejects table). Here the check is the separate query of step 1; nothing is dropped.
--   * No clamp: DuckDB's --clamp caps values above 1 (LEAST(x, 1)) and counts them; here there is
--     no such option, values above 1 must be absent (step 1).
--   * Output: DuckDB streams the kept records in one global ORDER BY (job, idx, start, inst, avg)
--     straight into the .npy (float32); here each task is one row with its samples as ordered
--     arrays, exported as JSON lines and turned into the compact format by `reduce --from-json`.
--   * Counts: DuckDB writes every filter's count into the sidecar; here they are the separate
--     query of step 4 (the --from-json sidecar says so instead of holding them).
--   * Input: DuckDB reads local shards, with or without a header line (the excerpts have one);
--     here external tables over gs://clusterdata-2011-2 without header (add skip_leading_rows = 1
--     for files that have one).
--   * Requests: DuckDB takes arg_max(request, [time, request]) for the kept tasks only; this
--     query aggregates every task's events and joins them (the same values).
--
-- Definitions (SPEC §10, the GPA paper §3.1):
--   task  = (job ID, task index)            task_usage columns 3 and 4
--   inst  = sampled CPU usage                task_usage column 20 (random 1-s sample per 5-min window)
--   avg   = mean CPU usage rate              task_usage column 6
--   filters, each a parameter below and applied in this order, each counted among what is left:
--     failed      drop tasks with any EVICT (2), FAIL (3), KILL (5) or LOST (6) event in task_events
--     minRecords  keep tasks with at least min_records records (paper: 24, i.e. 2 hours)
--     allZeroInst drop tasks whose inst samples are all 0
--     sample      optionally keep sample_tasks tasks picked by a seeded key (below)
--   an avg value above 1 is replaced by the same record's inst (replace_avg); records with an
--   empty column 6 or 20 are not used. Values are fractions of the largest machine (no scaling).
--   Samples of a task are ordered by (start time, inst, avg); tasks by (job ID, task index).
--   Records of one task at one start time are merged first, the first in (inst, avg) order kept;
--   the loaders count the dropped ones (identical or not) in their notes, e.g.:
--     SELECT COUNT(*) - COUNT(DISTINCT FORMAT('%d/%d/%d', job_id, task_index, start_time))
--     FROM trace.task_usage WHERE sampled_cpu_usage IS NOT NULL AND cpu_rate IS NOT NULL;
--   Requests: the CPU and memory request of the task's latest task_events row that has one (ties:
--   the larger value).
--
-- 1. Make the shards tables. BigQuery: external tables over the public bucket, e.g.
--      CREATE EXTERNAL TABLE trace.task_usage (start_time INT64, end_time INT64, job_id INT64,
--        task_index INT64, machine_id INT64, cpu_rate FLOAT64, canonical_memory FLOAT64,
--        assigned_memory FLOAT64, unmapped_page_cache FLOAT64, total_page_cache FLOAT64,
--        max_memory FLOAT64, disk_io_time FLOAT64, local_disk_space FLOAT64, max_cpu_rate FLOAT64,
--        max_disk_io_time FLOAT64, cpi FLOAT64, mai FLOAT64, sample_portion FLOAT64,
--        aggregation_type INT64, sampled_cpu_usage FLOAT64)
--      OPTIONS (format = 'CSV', uris = ['gs://clusterdata-2011-2/task_usage/part-*.csv.gz']);
--      CREATE EXTERNAL TABLE trace.task_events (time INT64, missing_info INT64, job_id INT64,
--        task_index INT64, machine_id INT64, event_type INT64, user STRING, scheduling_class INT64,
--        priority INT64, cpu_request FLOAT64, memory_request FLOAT64, disk_request FLOAT64,
--        different_machine INT64)
--      OPTIONS (format = 'CSV', uris = ['gs://clusterdata-2011-2/task_events/part-*.csv.gz']);
--    Spark SQL: CREATE TEMPORARY VIEW task_usage USING csv OPTIONS (path '.../task_usage/*.csv.gz',
--      schema '<the same columns>'), and likewise task_events; drop the `trace.` prefixes below.
--    Check first that no record is negative or above 1 (the loaders reject those, naming them):
--      SELECT COUNT(*) FROM trace.task_usage WHERE sampled_cpu_usage < 0 OR cpu_rate < 0
--        OR sampled_cpu_usage > 1 OR (cpu_rate > 1 AND NOT replace_avg);
--
-- 2. Parameters. BigQuery: script variables (DECLARE); Spark SQL: replace each of these names in
--    the query by its value (or use SET var and ${var}).
DECLARE min_records INT64 DEFAULT 24;
DECLARE drop_all_zero BOOL DEFAULT TRUE;
DECLARE replace_avg BOOL DEFAULT TRUE;
DECLARE drop_failed BOOL DEFAULT TRUE;
DECLARE sample_tasks INT64 DEFAULT NULL;  -- NULL: keep every task that passes
DECLARE seed INT64 DEFAULT 1;

-- 3. The reduction: one row per kept task, its samples as ordered arrays. Export the result as
--    newline-delimited JSON (BigQuery: EXPORT DATA OPTIONS (uri = 'gs://.../tasks-*.json',
--    format = 'JSON') AS <this query>; Spark: df.write.json) and turn it into the compact format:
--      npm run cli -- reduce --from-json 'tasks-*.json' --out tasks
--    Row order in the export does not matter: the command sorts tasks by (job ID, task index).
WITH recs AS (
  SELECT
    job_id AS job,
    task_index AS idx,
    start_time AS start,
    sampled_cpu_usage AS inst,
    CASE WHEN replace_avg AND cpu_rate > 1 THEN sampled_cpu_usage ELSE cpu_rate END AS avg,
    (replace_avg AND cpu_rate > 1) AS replaced
  FROM trace.task_usage
  WHERE sampled_cpu_usage IS NOT NULL AND cpu_rate IS NOT NULL
  -- A repeated start time of a task: the first record in (inst, avg, replaced) order kept, before
  -- the filters (docs/model.md §10, "Repeated timestamps"). Spark SQL: no QUALIFY, filter a
  -- row_number column in a subquery.
  QUALIFY ROW_NUMBER() OVER (
    PARTITION BY job_id, task_index, start_time
    ORDER BY sampled_cpu_usage,
      CASE WHEN replace_avg AND cpu_rate > 1 THEN sampled_cpu_usage ELSE cpu_rate END,
      (replace_avg AND cpu_rate > 1)
  ) = 1
),
failed AS (
  SELECT DISTINCT job_id AS job, task_index AS idx
  FROM trace.task_events
  WHERE event_type IN (2, 3, 5, 6)
),
tasks AS (
  SELECT
    r.job,
    r.idx,
    COUNT(*) AS n,
    LOGICAL_AND(r.inst = 0) AS all_zero,   -- Spark SQL: bool_and(r.inst = 0)
    SUM(CAST(r.replaced AS INT64)) AS replaced
  FROM recs r
  GROUP BY r.job, r.idx
),
passing AS (
  SELECT t.*
  FROM tasks t
  LEFT JOIN failed f ON f.job = t.job AND f.idx = t.idx
  WHERE NOT (drop_failed AND f.job IS NOT NULL)
    AND t.n >= min_records
    AND NOT (drop_all_zero AND t.all_zero)
),
-- The seeded pick (taskPickKey in src/engine/data/google.ts): squarings modulo the prime 2^31 − 1,
-- every intermediate below 2^63. BigQuery: MOD(a, b); Spark SQL: pmod(a, b) or a % b.
h1 AS (SELECT job, idx, MOD(MOD(job, 2147483647) * 1103515245 + idx + 1, 2147483647) AS h FROM passing),
h2 AS (SELECT job, idx, MOD(h * h + MOD(seed, 2147483647) + 12345, 2147483647) AS h FROM h1),
h3 AS (SELECT job, idx, MOD(h * 48271 + 1, 2147483647) AS h FROM h2),
h4 AS (SELECT job, idx, MOD(h * h + 1, 2147483647) AS h FROM h3),
h5 AS (SELECT job, idx, MOD(h * h + 7, 2147483647) AS h FROM h4),
picked AS (
  SELECT job, idx
  FROM h5
  WHERE TRUE  -- BigQuery wants a WHERE beside QUALIFY
  QUALIFY sample_tasks IS NULL
    OR ROW_NUMBER() OVER (ORDER BY h, job, idx) <= sample_tasks
  -- Spark SQL has no QUALIFY: SELECT job, idx FROM (SELECT job, idx, ROW_NUMBER() OVER (ORDER BY
  -- h, job, idx) AS k FROM h5) WHERE sample_tasks IS NULL OR k <= sample_tasks
),
requests AS (
  SELECT
    job_id AS job,
    task_index AS idx,
    -- the latest request, ties to the larger value (Spark SQL: max_by(cpu_request,
    -- struct(time, cpu_request)))
    ARRAY_AGG(cpu_request IGNORE NULLS ORDER BY time DESC, cpu_request DESC LIMIT 1)[SAFE_OFFSET(0)]
      AS cpu_request,
    ARRAY_AGG(memory_request IGNORE NULLS ORDER BY time DESC, memory_request DESC LIMIT 1)[SAFE_OFFSET(0)]
      AS memory_request
  FROM trace.task_events
  GROUP BY job_id, task_index
)
SELECT
  r.job AS job_id,
  r.idx AS task_index,
  -- Spark SQL: transform(array_sort(collect_list(struct(start, inst, avg))), x -> x.inst)
  ARRAY_AGG(r.inst ORDER BY r.start, r.inst, r.avg) AS inst,
  ARRAY_AGG(r.avg ORDER BY r.start, r.inst, r.avg) AS avg,
  ANY_VALUE(q.cpu_request) AS cpu_request,
  ANY_VALUE(q.memory_request) AS memory_request
FROM recs r
JOIN picked p ON p.job = r.job AND p.idx = r.idx
LEFT JOIN requests q ON q.job = r.job AND q.idx = r.idx
GROUP BY r.job, r.idx;

-- 4. The filter counts (what `reduce` reports), from the same CTEs: records with an empty CPU
--    field; tasks dropped by `failed`, then by `minRecords` among the rest, then by `allZeroInst`;
--    avg values replaced among the kept tasks. For example:
--      SELECT
--        COUNTIF(drop_failed AND f.job IS NOT NULL) AS failed,
--        COUNTIF(NOT (drop_failed AND f.job IS NOT NULL) AND t.n < min_records) AS min_records,
--        COUNTIF(NOT (drop_failed AND f.job IS NOT NULL) AND t.n >= min_records
--                AND drop_all_zero AND t.all_zero) AS all_zero_inst
--      FROM tasks t LEFT JOIN failed f ON f.job = t.job AND f.idx = t.idx;
