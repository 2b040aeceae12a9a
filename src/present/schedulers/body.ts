/** The body of a snippet: the object to write as YAML and the comments particular to it. */
export interface SnippetBody {
  /** What it configures, e.g. "Koordinator: KubeSchedulerConfiguration pluginConfig". */
  readonly title: string;
  readonly body: unknown;
  readonly notes?: readonly string[];
}
