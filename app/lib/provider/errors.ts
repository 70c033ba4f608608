/** The failures docs/product.md §8 tells apart. */
export type ProviderFailure = 'timeout' | 'network' | 'http' | 'invalid-answer';

/** For `http`, the Django REST framework body is kept so forms can show its field and form errors. */
export class ProviderError extends Error {
  constructor(
    readonly failure: ProviderFailure,
    message: string,
    readonly status?: number,
    readonly body?: unknown,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }

  /** Each list joined by commas (docs/product.md §8). */
  fieldMessages(): Record<string, string> {
    const body = this.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
    const fields: Record<string, string> = {};
    for (const [field, value] of Object.entries(body)) {
      if (field === 'detail' || field === 'non_field_errors' || field === 'status') continue;
      // A string `code` is the framework's error code; a list is the errors of a field named `code`.
      if (field === 'code' && !Array.isArray(value)) continue;
      const text = messagesOf(value);
      if (text) fields[field] = text;
    }
    return fields;
  }

  formMessage(): string | undefined {
    const body = this.body;
    if (typeof body === 'string') return body.trim() || undefined;
    if (!body || typeof body !== 'object') return undefined;
    const record = body as Record<string, unknown>;
    return messagesOf(record.detail) ?? messagesOf(record.non_field_errors);
  }
}

function messagesOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const texts = value.filter((item): item is string => typeof item === 'string');
    return texts.length ? texts.join(', ') : undefined;
  }
  return undefined;
}

export function isProviderError(error: unknown, status?: number): error is ProviderError {
  return error instanceof ProviderError && (status === undefined || error.status === status);
}
