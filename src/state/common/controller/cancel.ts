/** The UI's door to the one cancel error (the UI imports `state/`, not the layers below it). */
export { CancelledError, isCancelled } from '../../../protocol/cancel.ts';
