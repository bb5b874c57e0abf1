/** Reported in the OpenAPI document and by `dlp-server --version`. */
export const SERVER_VERSION = '0.1.0';
