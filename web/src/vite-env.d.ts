/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Google Analytics 4 measurement id (G-XXXXXXX); unset means analytics stays in the page. */
  readonly VITE_GA_MEASUREMENT_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
