"""The `reduce` reduction on Dask (dask.dataframe on dask.distributed): Google 2011 task_usage shards
(+ task_events) filtered exactly as the DuckDB path (src/cli/reduce/duckdb.ts) filters them.

Run by `npm run cli -- reduce --engine dask`; not meant to be run by hand. One partition per shard
(blocksize=None), the sort of the kept records by a shuffle that the workers spill to disk, the
sorted partitions fetched one at a time. Input: one JSON argument (see dask.ts). Output: progress
lines `PROGRESS {...}` on stderr; on stdout one JSON object, the counts, or {"error": {...}}; the
kept records as little-endian (job int64, idx int64, inst float64, avg float64) rows in `rows_path`,
the requests of the kept tasks as float64 [cpu..., memory...] in `requests_path`.
"""
import json
import os
import sys

import numpy as np
import pandas as pd
import dask
import dask.dataframe as dd
from dask.distributed import Client, LocalCluster

USAGE_COLUMNS = 20
EVENTS_COLUMNS = 13
USAGE = {0: 'start_time', 2: 'job_id', 3: 'task_index', 5: 'cpu_rate', 19: 'sampled_cpu'}
EVENTS = {0: 'time', 2: 'job_id', 3: 'task_index', 5: 'event_type', 9: 'cpu_request',
          10: 'memory_request'}
P = 2147483647
ROW = np.dtype([('job', '<i8'), ('idx', '<i8'), ('inst', '<f8'), ('avg', '<f8')])


class DataError(Exception):
    def __init__(self, file, line, reason):
        super().__init__(reason)
        self.file, self.line, self.reason = file, line, reason


def progress(stage, done, of):
    print('PROGRESS ' + json.dumps({'stage': stage, 'done': done, 'of': of}), file=sys.stderr,
          flush=True)


def has_header(path):
    opener = __import__('gzip').open if path.endswith('.gz') else open
    with opener(path, 'rb') as f:
        first = f.read(1)
    return bool(first) and (first.isalpha() or first in b'_"#')


def read_shards(files, count, columns, names):
    """One partition per shard; every kept column as float64 (NaN where empty), exact decimals."""
    all_names = [columns.get(i, f'c{i + 1}') for i in range(count)]
    parts = []
    for header in (False, True):
        group = [f for f in files if has_header(f) == header]
        if group:
            parts.append(dd.read_csv(group, header=0 if header else None, names=all_names,
                                     usecols=[columns[i] for i in sorted(columns)],
                                     dtype={n: 'float64' for n in columns.values()},
                                     blocksize=None, float_precision='round_trip',
                                     compression='infer'))
    frame = parts[0] if len(parts) == 1 else dd.concat(parts)
    return frame[names]


def task_pick_key(job, idx, seed):
    """taskPickKey of src/engine/data/google.ts (as docs/reduce.sql), in int64."""
    h = ((job % P) * 1103515245 + idx + 1) % P
    h = (h * h + seed % P + 12345) % P
    h = (h * 48271 + 1) % P
    h = (h * h + 1) % P
    return (h * h + 7) % P


def bad_usage_mask(u, clamp, replace):
    s, a = u.sampled_cpu, u.cpu_rate
    out_of_range = (u.start_time.isnull() | u.job_id.isnull() | u.task_index.isnull() | (u.start_time < 0)
                    | (u.job_id < 0) | (u.job_id >= 8589934592) | (u.task_index < 0)
                    | (u.task_index >= 1048576))
    above = (s > 1) | ((a > 1) & ~(replace & (s <= 1)))
    values = s.notnull() & a.notnull() & ((s < 0) | (a < 0) | (above if not clamp else False))
    return out_of_range | values


def reduce(args):
    f, clamp, skip = args['filters'], args['clamp'], args['skipBad']
    replace = f['replaceAvgAboveOne']
    usage = read_shards(args['usage'], USAGE_COLUMNS, USAGE,
                        ['start_time', 'job_id', 'task_index', 'cpu_rate', 'sampled_cpu'])
    progress('read', 0, usage.npartitions)
    bad = bad_usage_mask(usage, clamp, replace)
    records, bad_count = dask.compute(usage.shape[0], bad.sum())
    progress('read', usage.npartitions, usage.npartitions)
    skipped = 0
    names = ', '.join(os.path.basename(x) for x in args['usage'])
    if bad_count > 0:
        if not skip:
            e = usage[bad].head(1, npartitions=-1).iloc[0]
            fmt = lambda v: 'NULL' if pd.isna(v) else repr(float(v)).removesuffix('.0')
            raise DataError(names, None,
                            f'{bad_count} record(s) with a non-finite (NaN, Infinity), negative, out-of-range or above-1 value '
                            f'(the clamp option caps values above 1), e.g. job {fmt(e.job_id)} task '
                            f'{fmt(e.task_index)} at {fmt(e.start_time)}: CPU rate '
                            f'{fmt(e.cpu_rate)}, sampled CPU {fmt(e.sampled_cpu)}')
        skipped += int(bad_count)
        usage = usage[~bad]
    empty_cpu = int((usage.sampled_cpu.isnull() | usage.cpu_rate.isnull()).sum().compute())
    usage = usage[usage.sampled_cpu.notnull() & usage.cpu_rate.notnull()]
    s, a = usage.sampled_cpu, usage.cpu_rate
    replaced = (a > 1) & replace
    avg = a.where(~replaced, s)
    recs = dd.concat([usage.job_id.astype('int64').rename('job'),
                      usage.task_index.astype('int64').rename('idx'),
                      usage.start_time.rename('start'),
                      (s.clip(upper=1.0) if clamp else s).rename('inst'),
                      (avg.clip(upper=1.0) if clamp else avg).rename('avg'),
                      replaced.rename('replaced')], axis=1)
    clamped = int(((s > 1).astype('int64') + (avg > 1).astype('int64')).sum().compute()) if clamp else 0
    recs, repeats = merge_repeats(recs, names, args['duplicates'])
    recs['nonzero'] = recs.inst != 0
    tasks = recs.groupby(['job', 'idx']).agg({'inst': 'size', 'nonzero': 'sum',
                                              'replaced': 'sum'}).compute()
    tasks.columns = ['n', 'nonzero', 'replaced']
    tasks = tasks.reset_index()
    progress('tasks', 1, 1)
    events = None
    tasks['failed'] = False
    if args['events']:
        events = read_shards(args['events'], EVENTS_COLUMNS, EVENTS,
                             ['time', 'job_id', 'task_index', 'event_type', 'cpu_request',
                              'memory_request'])
        ev = events
        bad_e = (ev.time.isnull() | ev.job_id.isnull() | ev.task_index.isnull() | (ev.time < 0)
                 | (ev.job_id < 0) | (ev.job_id >= 8589934592) | (ev.task_index < 0)
                 | (ev.task_index >= 1048576) | ev.event_type.isnull() | (ev.event_type < 0)
                 | (ev.event_type > 8) | (ev.cpu_request < 0) | (ev.memory_request < 0))
        bad_e_count = int(bad_e.sum().compute())
        if bad_e_count > 0:
            if not skip:
                raise DataError(', '.join(os.path.basename(x) for x in args['events']), None,
                                f'{bad_e_count} event(s) with a negative or out-of-range value')
            skipped += bad_e_count
            events = events[~bad_e]
        failed = events[events.event_type.isin([2, 3, 5, 6])][['job_id', 'task_index']]
        failed = failed.drop_duplicates().compute().astype('int64')
        keys = set(zip(failed.job_id, failed.task_index))
        tasks['failed'] = [k in keys for k in zip(tasks.job, tasks.idx)]
    counts = [{'id': 'emptyCpu', 'label': 'records without a CPU value (column 6 or 20 empty), not used',
               'count': int(empty_cpu), 'of': 'records'}]
    alive = pd.Series(True, index=tasks.index)

    def drop(fid, label, condition):
        nonlocal alive
        counts.append({'id': fid, 'label': label, 'count': int((alive & condition).sum()),
                       'of': 'tasks'})
        alive = alive & ~condition

    if events is not None and f['dropFailed']:
        drop('failed', 'tasks with an EVICT, FAIL, KILL or LOST event, dropped', tasks.failed)
    if f['minRecords'] > 1:
        drop('minRecords', f"tasks with fewer than {f['minRecords']} records, dropped",
             tasks.n < f['minRecords'])
    if f['dropAllZeroInst']:
        drop('allZeroInst', 'tasks whose inst samples are all 0, dropped', tasks.nonzero == 0)
    kept = tasks[alive]
    pick, seed = args['pick'], args['seed']
    if pick is not None and len(kept) > pick:
        counts.append({'id': 'sample', 'label': f'tasks not among the {pick} picked with seed {seed}, dropped',
                       'count': len(kept) - pick, 'of': 'tasks'})
        kept = kept.assign(h=task_pick_key(kept.job.to_numpy(), kept.idx.to_numpy(), seed))
        kept = kept.sort_values(['h', 'job', 'idx'], kind='mergesort').head(pick).drop(columns='h')
    kept = kept.sort_values(['job', 'idx'], kind='mergesort').reset_index(drop=True)
    total = int(kept.n.sum())
    if replace:
        counts.append({'id': 'avgReplaced', 'label': 'avg values above 1 replaced by the record’s inst (kept tasks)',
                       'count': int(kept.replaced.sum()), 'of': 'records'})
    if clamp:
        counts.append({'id': 'clamped', 'label': 'values above 1 clamped to 1', 'count': clamped,
                       'of': 'values'})
    if len(kept) == 0:
        summary = '; '.join(f"{c['count']} {c['label']}" for c in counts if c['of'] == 'tasks')
        raise DataError(names, None, f'no task left after the filters: {records} records of '
                                     f'{len(tasks)} tasks read; {summary}')
    write_rows(recs, kept, args['rows_path'])
    if events is not None:
        write_requests(events, kept, args['requests_path'])
    return {'records': int(records), 'tasksRead': len(tasks), 'tasks': len(kept), 'total': total,
            'counts': counts, 'skipped': skipped, 'repeats': repeats}


def merge_repeats(recs, names, rule):
    """Records of one task at one start time merged, as DuckDB's mergeRepeats: the first in (inst,
    avg, replaced) order kept, the others counted as identical or conflicting; or refused. Only the
    repeated (job, idx, start) keys come to the client."""
    at = ['job', 'idx', 'start']
    sizes = recs.groupby(at).size()
    keys = sizes[sizes > 1].compute()
    if len(keys) == 0:
        return recs, {'identical': 0, 'conflicting': 0, 'first': None}
    keys = keys.reset_index()[at].sort_values(at)
    if rule == 'refuse':
        k = keys.iloc[0]
        raise DataError(names, None, f'task {int(k.job)}:{int(k.idx)}: duplicated start time '
                                     f'{int(k.start)} (two task_usage records; --duplicates merge '
                                     'keeps the first)')
    marked = recs.merge(keys.assign(repeated=True), on=at, how='left')
    group = marked[marked.repeated.notnull()].drop(columns='repeated').compute()
    group = group.sort_values(at + ['inst', 'avg', 'replaced'], kind='mergesort')
    by = group.groupby(at, sort=False)
    rank, inst0, avg0 = by.cumcount(), by.inst.transform('first'), by.avg.transform('first')
    same = (group.inst == inst0) & (group.avg == avg0)
    other = group[(rank > 0) & ~same]
    place = None
    if len(other):
        o = other.iloc[0]
        place = {'job': int(o.job), 'index': int(o.idx), 'start': int(o.start)}
    identical, conflicting = int(((rank > 0) & same).sum()), len(other)
    first = group[rank == 0].reset_index(drop=True)
    kept = marked[marked.repeated.isnull()].drop(columns='repeated')
    kept = dd.concat([kept, dd.from_pandas(first, npartitions=1)])
    return kept, {'identical': identical, 'conflicting': conflicting, 'first': place}


def write_rows(recs, kept, path):
    """The kept records sorted by (job, idx, start, inst, avg): a shuffle by task, then a sort within
    each partition; partitions are fetched and written one at a time (bounded client memory)."""
    keys = kept[['job', 'idx']].assign(keep=True)
    rows = recs[['job', 'idx', 'start', 'inst', 'avg']].merge(keys, on=['job', 'idx'], how='inner')
    rows = rows.assign(key=rows.job * 1048576 + rows.idx)
    rows = rows.set_index('key', shuffle='tasks').map_partitions(
        lambda p: p.reset_index().sort_values(['key', 'start', 'inst', 'avg'], kind='mergesort'))
    n = rows.npartitions
    with open(path, 'wb') as out:
        for i in range(n):
            part = rows.get_partition(i).compute()
            block = np.empty(len(part), dtype=ROW)
            for name in ROW.names:
                block[name] = part[name].to_numpy()
            out.write(block.tobytes())
            progress('write', i + 1, n)


def write_requests(events, kept, path):
    """Per kept task the request of the latest event with one (ties: the larger), as DuckDB's
    arg_max(request, [time, request]); NaN where none."""
    keys = kept[['job', 'idx']]
    ev = events[['time', 'job_id', 'task_index', 'cpu_request', 'memory_request']]
    ev = ev.assign(job=ev.job_id.astype('int64'), idx=ev.task_index.astype('int64'))
    ev = ev.merge(keys, on=['job', 'idx'], how='inner').compute()
    out = []
    for col in ('cpu_request', 'memory_request'):
        have = ev[ev[col].notnull()].sort_values(['job', 'idx', 'time', col], kind='mergesort')
        last = have.groupby(['job', 'idx'])[col].last()
        merged = keys.merge(last.reset_index(), on=['job', 'idx'], how='left')
        out.append(merged[col].to_numpy(dtype='float64'))
    np.concatenate(out).astype('<f8').tofile(path)


def main():
    args = json.loads(sys.argv[1])
    local = args['scheduler'] is None
    if local:
        cluster = LocalCluster(n_workers=args['workers'], threads_per_worker=1, processes=True,
                               dashboard_address=None, local_directory=args['tempDir'],
                               memory_limit=args['memoryLimit'] or 'auto')
        client = Client(cluster)
    else:
        client = Client(args['scheduler'])
    try:
        print(json.dumps(reduce(args)), flush=True)
    except DataError as e:
        print(json.dumps({'error': {'file': e.file, 'line': e.line, 'reason': e.reason}}), flush=True)
        sys.exit(2)
    except (ValueError, OSError) as e:
        print(json.dumps({'error': {'file': ', '.join(os.path.basename(x) for x in args['usage']),
                                    'line': None, 'reason': str(e).split('\n')[0]}}), flush=True)
        sys.exit(2)
    finally:
        client.close()
        if local:
            cluster.close()


if __name__ == '__main__':
    main()
