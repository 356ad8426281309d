// What Vite puts in import.meta.env that the editor reads (the same declarations as vite/client).
interface ImportMetaEnv {
  readonly MODE: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
