/**
 * OpenCV (WebAssembly build from npm), loaded once per process on first use. The module object
 * is a thenable whose `then` hands back the module itself, so any promise resolved with it would
 * never settle: its `then` is removed once it is ready, before it is handed out.
 */
import cvModule from '@techstark/opencv-js';

// deno-lint-ignore no-explicit-any
export type OpenCv = any;

let loading: Promise<OpenCv> | undefined;

export function openCv(): Promise<OpenCv> {
  loading ??= new Promise<OpenCv>((resolve) => {
    const module = cvModule as unknown as { then?: (ready: (cv: OpenCv) => void) => void };
    module.then!((cv) => {
      delete cv.then;
      resolve(cv);
    });
  });
  return loading;
}
