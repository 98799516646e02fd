/**
 * Test support only: a local stand-in for an OpenAI-compatible /v1/chat/completions endpoint
 * (Ollama, llama.cpp server, vLLM), recording what it was sent and answering as told.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface ChatRequest {
  authorization: string | undefined;
  body: {
    model: string;
    messages: { role: string; content: string }[];
  };
}

export interface FakeChatEndpoint {
  url: string;
  requests: ChatRequest[];
  /** What the next answers say, from the facts the request carried (the user message's JSON). */
  reply: (facts: { fact: string }[]) => string | { status: number };
  close(): Promise<void>;
}

export async function startFakeChatEndpoint(): Promise<FakeChatEndpoint> {
  const fake: FakeChatEndpoint = {
    url: '',
    requests: [],
    reply: (facts) => facts[0]?.fact ?? '',
    close: () => Promise.resolve(),
  };
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as ChatRequest['body'];
      fake.requests.push({ authorization: request.headers.authorization, body });
      const user = body.messages.find((message) => message.role === 'user');
      const answer = fake.reply(JSON.parse(user?.content ?? '[]') as { fact: string }[]);
      if (typeof answer !== 'string') {
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end('{"error":"refused"}');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: answer } }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
