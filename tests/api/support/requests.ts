import type { FastifyInstance } from 'fastify';

let counter = 0;

/** A unique, valid sign-up; each call makes a different person. */
export function newPerson(overrides: Partial<Record<'email' | 'username' | 'phone_number' | 'password', string>> = {}) {
  counter += 1;
  const tag = `${process.pid}x${counter}`;
  return {
    email: `ada${tag}@example.ng`,
    username: `ada${tag}`,
    phone_number: '08031234567',
    password: 'stall-keeper-42',
    ...overrides,
  };
}

export type SignedUp = { id: string; username: string; email: string; access: string; refresh: string };

export async function signUp(app: FastifyInstance, overrides: Parameters<typeof newPerson>[0] = {}): Promise<SignedUp> {
  const person = newPerson(overrides);
  const response = await app.inject({ method: 'POST', url: '/auth/users', payload: person });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json();
  return { id: body.user.id, username: person.username, email: person.email, access: body.token.access, refresh: body.token.refresh };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export type FilePartInput = { field: string; filename: string; type: string; data: Buffer };

/** A multipart body as a browser would send it, ready for `inject`. */
export async function multipart(fields: Record<string, string>, files: FilePartInput[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}
