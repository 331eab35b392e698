/** Serve the page's files from memory on the loopback interface, read-only. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
};

export interface Serving {
  url: string;
  server: Server;
}

/** Listen on 127.0.0.1:`port` (0: any free port); rejects with the listen error (EADDRINUSE, EACCES). */
export function serveFiles(files: ReadonlyMap<string, string>, port: number): Promise<Serving> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const name = path === "/" ? "index.html" : path.slice(1);
    const body = files.get(name);
    if ((req.method !== "GET" && req.method !== "HEAD") || body === undefined) {
      res.writeHead(body === undefined ? 404 : 405, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    res.writeHead(200, {
      "content-type": TYPES[extname(name)] ?? "application/octet-stream",
      "cache-control": "no-cache",
    });
    res.end(req.method === "HEAD" ? undefined : body);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      const { port: bound } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${bound}/`, server });
    });
  });
}
