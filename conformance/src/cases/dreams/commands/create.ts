import type fc from 'fast-check';
import { createDream } from '../support/index.js';
import type { DreamModel, DreamReal } from './model.js';

/** POST /v1/dreams over fresh inputs: a new dream in the machine's initial state. */
export class CreateCommand implements fc.AsyncCommand<DreamModel, DreamReal> {
  constructor(
    readonly model: string,
    readonly instructions: string | undefined,
    readonly sessions: number,
    readonly sessionsFirst: boolean,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: DreamModel, real: DreamReal): Promise<void> {
    const handle = await createDream(real.ctx, real.ws, {
      model: this.model,
      sessions: this.sessions,
      sessionsFirst: this.sessionsFirst,
      ...(this.instructions !== undefined ? { instructions: this.instructions } : {}),
    });
    model.dreams.push(handle);
  }
  toString(): string {
    return `create(${this.model}, ${this.sessions} session(s)${this.instructions !== undefined ? `, ${JSON.stringify(this.instructions)}` : ''})`;
  }
}
