// A signed-in page's live stream as a test reads it: the changes it has carried so far (the data
// lines of unnamed events) and a wait for one of them. The stream's own tests read it whole
// (platform/live-stream.test.ts); the features' tests only ask what they announce.
import { request, type ClientRequest } from 'node:http';
import * as api from '@willow/contracts';

export interface LiveChangesClient {
  changes: api.LiveChange[];
  arrival(match: (c: api.LiveChange) => boolean): Promise<void>;
  req: ClientRequest;
}

/** Opens /api/live on the app listening at `port` with the session `cookie`. */
export function openStream(port: number, cookie: string): Promise<LiveChangesClient> {
  return new Promise((resolve, reject) => {
    const changes: api.LiveChange[] = [];
    const waiting = new Set<() => void>();
    const req = request({ host: '127.0.0.1', port, path: '/api/live', headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').filter((l) => l.startsWith('data: '));
          if (data.length && !block.includes('event: ')) changes.push(api.LiveChange.parse(JSON.parse(data.map((l) => l.slice(6)).join('\n'))));
        }
        for (const wake of [...waiting]) wake();
      });
      const arrival = (match: (c: api.LiveChange) => boolean) =>
        new Promise<void>((done) => {
          const look = () => changes.some(match) && (waiting.delete(look), done());
          waiting.add(look);
          look();
        });
      resolve({ changes, arrival, req });
    });
    req.on('error', reject);
    req.end();
  });
}
