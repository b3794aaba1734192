// The editor's dialog routes (/dashboard/cottages/{id}/{dialog}); shared by the server page and the client loader.
export const EDITOR_DIALOGS = ['base', 'text', 'position', 'location', 'amenities', 'pricing', 'calendar', 'images', 'verify'] as const;
export type EditorDialog = (typeof EDITOR_DIALOGS)[number];
