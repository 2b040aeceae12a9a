/** A comlink endpoint over a Node MessagePort-like object (a Worker, or a worker's parentPort). */
import type { Endpoint } from 'comlink';
import type { Transferable } from 'node:worker_threads';

interface NodePort {
  postMessage(message: unknown, transfer?: readonly Transferable[]): void;
  on(event: 'message', listener: (data: unknown) => void): unknown;
  off(event: 'message', listener: (data: unknown) => void): unknown;
}

type Handler = Parameters<Endpoint['addEventListener']>[1];

export function nodePortEndpoint(port: NodePort): Endpoint {
  const listeners = new Map<Handler, (data: unknown) => void>();
  return {
    postMessage: (message, transfer) =>
      port.postMessage(message, transfer as unknown as Transferable[] | undefined),
    addEventListener(_type: string, handler: Handler) {
      if (!handler) return;
      const listener = (data: unknown) => {
        const event = { data } as MessageEvent;
        if (typeof handler === 'function') handler(event);
        else handler.handleEvent(event);
      };
      listeners.set(handler, listener);
      port.on('message', listener);
    },
    removeEventListener(_type: string, handler: Handler) {
      const listener = listeners.get(handler);
      if (!listener) return;
      port.off('message', listener);
      listeners.delete(handler);
    },
  };
}
