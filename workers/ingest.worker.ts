/** Loads datasets off the main thread: built-in presets and the user's files, with progress and cancel. */
import { expose } from 'comlink';
import { createIngestApi } from '../src/ingest/api.ts';

expose(createIngestApi());
