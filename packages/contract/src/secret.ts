// Secrets are declared, not guessed from a field's name: a schema wrapped in `secret()` marks its field
// as one (passwords, keys, codes, tokens). The operation log, the server log, exports and answers
// redact by this declaration, so a new secret field is covered by being declared.
import { z } from 'zod';

const secrets = z.registry<{ secret: true }>();

/** Marks a field's schema as a secret: never logged, exported or answered in clear. */
export function secret<T extends z.ZodType>(schema: T): T {
  secrets.add(schema, { secret: true });
  return schema;
}

/** The schema itself or one of the wrappers inside it (optional, nullable, default, pipe…) is a secret. */
export function isSecret(schema: z.ZodType): boolean {
  let s: z.ZodType | undefined = schema;
  for (let depth = 0; s && depth < 8; depth++) {
    if (secrets.has(s)) return true;
    const def = s.def as { innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType; schema?: z.ZodType };
    s = def.innerType ?? def.in ?? def.schema;
  }
  return false;
}

/** Names of the secret fields anywhere in an object schema (nested objects and arrays included). */
export function secretFields(schema: unknown, found = new Set<string>(), depth = 0): Set<string> {
  if (!(schema instanceof z.ZodType) || depth > 6) return found;
  const def = schema.def as {
    type: string;
    shape?: Record<string, z.ZodType>;
    element?: z.ZodType;
    innerType?: z.ZodType;
    in?: z.ZodType;
    options?: z.ZodType[];
  };
  if (def.type === 'object' && def.shape) {
    for (const [key, field] of Object.entries(def.shape)) {
      if (isSecret(field)) found.add(key);
      else secretFields(field, found, depth + 1);
    }
  } else if (def.element) secretFields(def.element, found, depth + 1);
  else if (def.options) for (const o of def.options) secretFields(o, found, depth + 1);
  else if (def.innerType ?? def.in) secretFields(def.innerType ?? def.in, found, depth + 1);
  return found;
}
