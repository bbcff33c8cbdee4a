/// <reference types="vite/client" />
// import.meta.glob and the rest of what Vite adds to import.meta: words/i18n.ts loads the catalogues with it.
