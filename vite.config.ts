import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export const aliases = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@worker": fileURLToPath(new URL("./worker", import.meta.url)),
  "@party": fileURLToPath(new URL("./party", import.meta.url)),
};

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), tailwindcss(), reactRouter()],
  resolve: { alias: aliases },
  server: { port: 5173, strictPort: true, host: "localhost" },
  optimizeDeps: {
    include: ["react", "react-dom", "react-dom/client", "react-router", "@radix-ui/themes", "@radix-ui/react-icons", "zod"],
  },
});
