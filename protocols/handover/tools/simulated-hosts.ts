/**
 * The network the tools reach, simulated: each host answers a path, and
 * refuses a call without the right credential, as a real API answers 401.
 * The virtual time a host takes is what the sandbox's wall-time limit counts.
 */
export const HOST_LATENCY_MS = 200;

export type Host = (path: string, credential: string | undefined, tenant: string) => string;

const KNOWLEDGE: Readonly<Record<string, string>> = {
  hours: 'The clinic is open from 8:00 to 20:00, Monday to Saturday.',
  address: 'Clinic A, 12 Harbour Street; Clinic B, 3 Mill Lane.',
  bring: 'Bring your insurance card and a list of your medicines.',
};

export const SIMULATED_HOSTS: Readonly<Record<string, Host>> = {
  'kb.clinic.example': (path, credential, tenant) => {
    if (credential === undefined || !credential.endsWith(`_${tenant}`)) return 'HTTP 401: no valid credential';
    return KNOWLEDGE[path] ?? `nothing found for "${path}"`;
  },
  'booking.clinic.example': (path, credential, tenant) =>
    credential === undefined || !credential.endsWith(`_${tenant}`) ? 'HTTP 401: no valid credential' : `slot ${path} held`,
};
