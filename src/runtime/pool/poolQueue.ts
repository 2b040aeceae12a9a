/**
 * The pool's task queue: tasks wait by priority (and worker affinity) for a free worker; a task whose
 * worker was lost runs once more, first in line, on the replacement.
 */
import { WorkerCrashedError } from '../runner.ts';
import type { Slot, Task } from './poolParts.ts';

/** Where a task may run and what it belongs to (`Task`'s fields of the same names). */
type TaskPlace = Partial<Pick<Task, 'affinity' | 'job' | 'pinned' | 'name'>>;

/** Work that lost its worker a second time (after one rerun): the user may run it again (Retry). */
export class WorkLostTwiceError extends WorkerCrashedError {
  override name = 'WorkLostTwiceError';
}

/** Whether `e` says that the work was lost with its worker twice (a Retry may run it again). */
export function isLostTwice(e: unknown): boolean {
  return e instanceof WorkLostTwiceError;
}

export class TaskQueue {
  private readonly tasks: Task[] = [];

  constructor(
    private readonly slots: readonly Slot[],
    /** Whether the pool has been disposed. */
    private readonly stopped: () => boolean,
    /** Told of each task as it is handed to a worker, before the task sends anything (tests). */
    private readonly dispatching: (slot: Slot, task: Task) => void = () => {},
  ) {}

  /**
   * Queues `start` at `priority`. `affinity`: the slot it prefers (with `pinned`, the only slot it
   * runs on); `job`: its job's control block; `name`: the job it is a unit of (fault plans).
   */
  enqueue<T>(
    start: (slot: Slot) => Promise<T>,
    priority: number,
    { affinity = -1, job = -1, pinned = false, name }: TaskPlace = {},
  ): Promise<T> {
    if (this.stopped()) return Promise.reject(new Error('the worker pool has been disposed'));
    return new Promise<T>((resolve, reject) => {
      this.tasks.push({
        priority,
        affinity,
        job,
        pinned,
        name,
        start,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      this.pump();
    });
  }

  pump(): void {
    for (const slot of this.slots) {
      if (slot.busy || slot.failed || this.tasks.length === 0) continue;
      let best = -1;
      for (let i = 0; i < this.tasks.length; i++) {
        const t = this.tasks[i];
        if (t.pinned && t.affinity !== slot.index) continue;
        const b = best < 0 ? null : this.tasks[best];
        if (
          !b ||
          t.priority > b.priority ||
          (t.priority === b.priority && t.affinity === slot.index && b.affinity !== slot.index)
        )
          best = i;
      }
      if (best < 0) continue;
      const [task] = this.tasks.splice(best, 1);
      slot.busy = true;
      if (!task.pinned) this.dispatching(slot, task);
      new Promise((resolve) => resolve(task.start(slot)))
        .then(task.resolve, (e: unknown) => this.lostOrFailed(task, e))
        .finally(() => {
          slot.busy = false;
          this.pump();
        });
    }
  }

  /** A task whose worker was lost runs once more (first in line); any other failure is final. */
  private lostOrFailed(task: Task, e: unknown): void {
    const again =
      e instanceof WorkerCrashedError &&
      !task.retried &&
      !this.stopped() &&
      this.slots.some((s) => !s.failed);
    if (!again) {
      task.reject(
        e instanceof WorkerCrashedError && task.retried
          ? new WorkLostTwiceError(
              `${e.message}; the work had already been restarted once after losing a worker, so it stopped — run it again`,
            )
          : e,
      );
      return;
    }
    task.retried = true;
    this.tasks.unshift(task);
  }

  dropQueued(job: number, e: unknown): void {
    for (let i = this.tasks.length - 1; i >= 0; i--)
      if (this.tasks[i].job === job) this.tasks.splice(i, 1)[0].reject(e);
  }

  failQueue(e: unknown): void {
    for (const t of this.tasks.splice(0)) t.reject(e);
  }
}
