/**
 * Whether this instance is stopping. A load balancer polls GET /api/ready; from the first
 * SIGTERM it answers 503, so traffic moves to other instances while in-flight requests finish.
 */
export class Readiness {
  draining = false;

  drain(): void {
    this.draining = true;
  }
}
