/** How a worker process finds the protocol again: by names, and the user's module it came from. */
export interface ProtocolSource {
  family: string;
  protocol: string;
  protocolFile?: string;
}
