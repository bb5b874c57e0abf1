// canonicalize 4.0.0 ships an empty declaration file; this states its one export (RFC 8785 JSON).
declare module 'canonicalize' {
  export default function canonicalize(value: unknown): string | undefined;
}
