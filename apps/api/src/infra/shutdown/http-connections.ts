import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The HTTP server's connections and open requests, followed from the start so a shutdown knows what is in
 * flight. Socket.IO's long polls are not counted (engine.io answers them before Express's listeners); the
 * hub's connections are closed on their own (Realtime.closeLocalConnections).
 */
export class HttpConnections {
  private readonly sockets = new Set<Socket>();
  private readonly open = new Set<ServerResponse>();
  private draining = false;
  private settled?: () => void;

  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    server.on('request', (_req, res: ServerResponse) => {
      this.open.add(res);
      if (this.draining) closeAfter(res);
      res.once('close', () => {
        this.open.delete(res);
        if (!this.open.size) this.settled?.();
      });
    });
  }

  /** Requests being answered now. */
  get inFlight(): number {
    return this.open.size;
  }

  /**
   * Stops listening, so new connections are refused; answers the requests in flight, and any that still
   * arrive on a kept-alive connection, with `Connection: close`; closes idle connections; waits for the open
   * requests until `deadline` (epoch ms), then destroys every connection left. Answers how many requests
   * were cut off.
   */
  async drain(deadline: number): Promise<number> {
    this.draining = true;
    const stopped = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const res of this.open) closeAfter(res);
    this.server.closeIdleConnections();
    if (this.open.size) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.settled = resolve;
        timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
      });
      clearTimeout(timer);
    }
    const cut = this.open.size;
    // What is left is idle, upgraded (a hub socket not closed yet) or past the deadline.
    for (const socket of this.sockets) socket.destroy();
    await stopped;
    return cut;
  }
}

/** The connection closes once this response is sent, instead of waiting kept-alive for another request. */
function closeAfter(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
}
