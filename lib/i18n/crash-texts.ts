// The crash screen's texts for global-error.tsx, which renders without the translation provider.
// Kept here rather than importing messages/*.json (that would put every message into every page's
// JavaScript); a unit test checks they equal the "crash" section of both message files.
export const CRASH_TEXTS = {
  sv: {
    title: 'Något gick fel',
    text: 'Vi har problem med applikationen. Ladda om sidan eller kontakta supporten om du ser det här meddelandet igen.',
    contact: 'Kontakta supporten',
    reload: 'Ladda om',
  },
  en: {
    title: 'Something went wrong',
    text: 'We have some application problems, please reload app or contact support if you see this message again.',
    contact: 'Contact support',
    reload: 'Reload',
  },
} as const;
