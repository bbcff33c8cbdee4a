// Set by vite.config.ts from package.json.
declare const __GOLF_WEB_VERSION__: string;
