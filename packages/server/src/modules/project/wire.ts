// The engine's rows are untyped records whose dates are Date objects until they are sent as JSON, so a
// handler that answers them states what it answers: the operation's answer as its schema reads it. The
// answer check of the tests (CHECK_ANSWERS) parses every such answer with that schema.
import type { Operation } from '@tradelane/contract';
import type { z } from 'zod';

/** The value as the operation's answer (held to its schema by the tests' answer check). */
export const asAnswer = <O extends Operation>(_op: O, value: unknown) => value as z.input<O['answer']>;
