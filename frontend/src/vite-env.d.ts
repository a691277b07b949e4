/// <reference types="vite/client" />

/** Id of the running build, injected by `vite-plugins/build-info.ts` ("dev" outside `vite build`). */
declare const __BUILD_ID__: string
