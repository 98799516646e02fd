import dns2 from 'dns2';

export interface LocalDnsServer {
  /** `127.0.0.1:<port>`, for DNS_SERVERS. */
  address: string;
  /** Publishes `values` as the TXT records of `name` (replacing any), or removes them with []. */
  setTxt(name: string, values: string[]): void;
  /** Answers every question with SERVFAIL from now on (a resolver that is down). */
  fail(on: boolean): void;
  close(): Promise<void>;
}

const SERVFAIL = 2;
const NXDOMAIN = 3;

/**
 * A DNS server on a free UDP port of this machine that answers TXT questions from a table the
 * test fills: the network edge of domain verification, which asks it as it would ask any DNS.
 */
export async function startLocalDns(): Promise<LocalDnsServer> {
  const records = new Map<string, string[]>();
  let failing = false;
  const { Packet } = dns2;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const values = question ? records.get(question.name.toLowerCase()) : undefined;
      if (failing) {
        response.header.rcode = SERVFAIL;
      } else if (!values || values.length === 0) {
        response.header.rcode = NXDOMAIN;
      } else if (question && question.type === Packet.TYPE.TXT) {
        for (const value of values) {
          response.answers.push(
            Packet.createResourceFromQuestion(question, { ttl: 1, data: value }),
          );
        }
      }
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return {
    address: `127.0.0.1:${addresses.udp!.port}`,
    setTxt: (name, values) => records.set(name.toLowerCase(), values),
    fail: (on) => {
      failing = on;
    },
    close: () => server.close(),
  };
}
