import { parseWithZod } from '@conform-to/zod/v4';
import { config } from 'zod/v4/core';

// Pages refuse eval (lib/page-security-policy.server.ts): in the browser zod would try it for its compiled
// parsers and be refused, a policy violation on every form. The server keeps them.
if (typeof document !== 'undefined') config({ jitless: true });

export { parseWithZod };
