export { DecorationEditor, type DecorationEditorProps } from './components/DecorationEditor';
export { EditorToolbar, type EditorToolbarProps } from './components/EditorToolbar';
export { layerName } from './components/LayerList';
export * from './model';
export * from './tools';
export * from './mask';
export { useAutosave, type Autosave, type SaveStatus } from './hooks/useAutosave';
export { addEditorCatalogues, createEditorI18n, EditorI18n, EDITOR_NAMESPACE } from './i18n/EditorI18n';
export * from './ai/ai-result';
