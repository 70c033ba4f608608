import { RouterContextProvider } from 'react-router';
import { type SiteMemory, siteMemoryContext } from '#app/lib/host.server.ts';

/** What the host hands loaders, shared with nobody: each read goes to the provider; `version` is the content's. */
export function unsharedMemory(version = () => 0): SiteMemory {
  return { shared: (_key, read) => read(), contentVersion: version, keepSharedPages: () => {} };
}

/** A context as the host gives each request, holding `memory`. */
export function hostContext(memory: SiteMemory = unsharedMemory()): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(siteMemoryContext, memory);
  return context;
}
