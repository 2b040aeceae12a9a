import { useState, type DragEvent } from 'react';

/** A drop target for files: whether files are dragged over it, and the handlers to spread on it. */
export function useFileDrop(onFiles: (files: FileList) => void) {
  const [dragging, setDragging] = useState(false);
  return {
    dragging,
    handlers: {
      onDragOver(e: DragEvent) {
        e.preventDefault();
        setDragging(true);
      },
      onDragLeave() {
        setDragging(false);
      },
      onDrop(e: DragEvent) {
        e.preventDefault();
        setDragging(false);
        onFiles(e.dataTransfer.files);
      },
    },
  };
}
