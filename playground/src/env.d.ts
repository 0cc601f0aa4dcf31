// Types for what Vite gives the playground's sources: `?raw` and `?worker` imports, import.meta.glob.
/// <reference types="vite/client" />
