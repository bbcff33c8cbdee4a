// Vite builds the app into GOLF_WEB_OUT_DIR (CMake sets it to the build tree's `web` folder, which golf-server
// serves), or dist/ when run by hand. Asset URLs are absolute so that links such as /t/CODE load them too.
import { defineConfig } from "vite";

export default defineConfig({
  base: "/",
  build: {
    outDir: process.env.GOLF_WEB_OUT_DIR ?? "dist",
    emptyOutDir: true,
    target: "es2022",
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
});
