// The editor's dialog routes (/dashboard/cottages/{id}/{dialog}); shared by the server page and the client loader.
export const EDITOR_DIALOGS = ['base', 'text', 'position', 'location', 'amenities', 'pricing', 'calendar', 'images', 'verify', 'sync', 'rules'] as const;
/** Issue 18's dialogs beyond SPEC's steps: calendar sync with other sites and stay rules (optional, no done mark). */
export const EXTRA_DIALOGS = ['sync', 'rules'] as const;
export type EditorDialog = (typeof EDITOR_DIALOGS)[number];
