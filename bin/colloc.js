#!/usr/bin/env node
// The installed `colloc` command: load TypeScript through tsx, then run the CLI.
import { register } from "tsx/esm/api";

register();
await import("../cli/main.ts");
