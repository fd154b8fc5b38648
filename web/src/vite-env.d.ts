/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_TRACKER_BASE?: string;
}
