/**
 * The live feed's open streams on this replica (the route hands over its response once the stream
 * has started; the hub only writes frames to it). Connections are grouped by regatta; when a change
 * notification arrives, the new messages are read once per regatta and written to each of its
 * connections that has not seen them. One timer sends heartbeats to every connection, so an idle
 * connection costs its socket and a small record, nothing more.
 */
import type { Pool } from '@regatta/db';
import type { Logger } from '@regatta/logging';
import type { ChangeFeed } from './change-feed.js';
import { liveMessagesSince } from './live-messages.js';
import { sseFrame, type LiveMessage } from '../domain/live-messages.js';

/** An open stream as the hub uses it (an express Response once its SSE headers are sent). */
export interface LiveStream {
  write(chunk: string): unknown;
  end(): unknown;
  on(event: 'close', listener: () => void): unknown;
}

interface Connection {
  res: LiveStream;
  /** The last message id written to this connection. */
  seq: number;
}

interface Room {
  connections: Set<Connection>;
  /** One read at a time per room; a wake-up during a read schedules one more. */
  reading: Promise<void> | undefined;
  again: boolean;
}

export interface LiveHubOptions {
  pool: Pool;
  changes: ChangeFeed;
  logger: Logger;
  heartbeatMs: number;
  /** While change notifications cannot be trusted (listener down), rooms are polled this often. */
  pollMs?: number;
}

export class LiveHub {
  private readonly rooms = new Map<string, Room>();
  private heartbeat: NodeJS.Timeout | undefined;
  private poller: NodeJS.Timeout | undefined;
  private closing = false;

  constructor(private readonly options: LiveHubOptions) {
    options.changes.on('event', (eventId) => this.wake(eventId));
    options.changes.on('resync', () => {
      for (const eventId of this.rooms.keys()) this.wake(eventId);
    });
  }

  start(): void {
    this.closing = false;
    this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs);
    this.poller = setInterval(() => {
      if (this.options.changes.reliable) return;
      for (const eventId of this.rooms.keys()) this.wake(eventId);
    }, this.options.pollMs ?? 1_000);
  }

  /** Ends every stream (clients reconnect elsewhere with Last-Event-ID). */
  close(): void {
    this.closing = true;
    clearInterval(this.heartbeat);
    clearInterval(this.poller);
    for (const room of this.rooms.values()) for (const connection of room.connections) connection.res.end();
    this.rooms.clear();
  }

  /** Registers an open stream positioned at `seq` (everything up to it was written already). */
  add(eventId: string, res: LiveStream, seq: number): void {
    if (this.closing) {
      res.end();
      return;
    }
    let room = this.rooms.get(eventId);
    if (!room) {
      room = { connections: new Set(), reading: undefined, again: false };
      this.rooms.set(eventId, room);
    }
    const theRoom = room;
    const connection: Connection = { res, seq };
    theRoom.connections.add(connection);
    res.on('close', () => {
      theRoom.connections.delete(connection);
      if (theRoom.connections.size === 0 && this.rooms.get(eventId) === theRoom) this.rooms.delete(eventId);
    });
    // Messages committed between the client's replay and this registration.
    this.wake(eventId);
  }

  private beat(): void {
    for (const room of this.rooms.values()) for (const connection of room.connections) connection.res.write(': heartbeat\n\n');
  }

  private wake(eventId: string): void {
    const room = this.rooms.get(eventId);
    if (!room) return;
    if (room.reading) {
      room.again = true;
      return;
    }
    room.reading = this.read(eventId, room)
      .catch((error: unknown) => this.options.logger.warn({ err: error, eventId }, 'live feed read failed'))
      .finally(() => {
        room.reading = undefined;
        if (room.again) {
          room.again = false;
          this.wake(eventId);
        }
      });
  }

  private async read(eventId: string, room: Room): Promise<void> {
    if (room.connections.size === 0) return;
    let from = Number.MAX_SAFE_INTEGER;
    for (const connection of room.connections) from = Math.min(from, connection.seq);
    const messages = await liveMessagesSince(this.options.pool, eventId, from);
    if (messages.length === 0) return;
    for (const connection of room.connections) {
      let frames = '';
      for (const message of messages) {
        if (message.seq <= connection.seq) continue;
        frames += sseFrame({ seq: message.seq, type: message.type as LiveMessage['type'], data: message.data });
        connection.seq = message.seq;
      }
      if (frames) connection.res.write(frames);
    }
  }
}
