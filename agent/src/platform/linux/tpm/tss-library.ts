import koffi, { type LibraryHandle } from 'koffi';
import { DeviceKeyError } from '../../../identity/device-key-error.js';

/**
 * tpm2-tss through koffi: no compiled code of our own. The versioned sonames are loaded because
 * the unversioned ones exist only with the -dev packages (Debian: libtss2-esys-3.0.2-0,
 * libtss2-tctildr0, libtss2-mu0; libtss2-rc0 only improves error text).
 *
 * TPM structures are never modelled as koffi structs (they are unions all the way down): inputs
 * are built in TPM wire format in JS and turned into the C structs by libtss2-mu, outputs are
 * marshalled back to wire bytes and parsed in JS (tpm-wire.ts).
 */

/** A native pointer (koffi 3 represents pointers as BigInt). */
export type Pointer = bigint;
type Out<T> = [T | null];

type Fn = ((...args: unknown[]) => unknown) & { async: (...args: unknown[]) => void };

/** Largest sizeof() of the TPM structs we unmarshal into (TPM2B_PRIVATE: 1552 bytes on x86_64). */
export const TSS_STRUCT_BUFFER = 4096;

export interface TssLibrary {
  tctiInitialize(conf: string, out: Out<Pointer>): number;
  tctiFinalize(tcti: Out<Pointer>): void;
  esys: {
    Initialize: Fn;
    Finalize: Fn;
    Startup: Fn;
    CreatePrimary: Fn;
    Create: Fn;
    Load: Fn;
    Sign: Fn;
    FlushContext: Fn;
    Free: Fn;
  };
  /** Wire bytes → C struct (`Tss2_MU_<T>_Unmarshal`), by TPM type name. */
  unmarshal: Record<UnmarshalType, Fn>;
  /** C struct → wire bytes (`Tss2_MU_<T>_Marshal`), by TPM type name. */
  marshal: Record<MarshalType, Fn>;
  decodeRc(rc: number): string;
}

export type UnmarshalType =
  | 'TPM2B_SENSITIVE_CREATE'
  | 'TPM2B_PUBLIC'
  | 'TPM2B_PRIVATE'
  | 'TPM2B_DATA'
  | 'TPML_PCR_SELECTION'
  | 'TPM2B_DIGEST'
  | 'TPMT_SIG_SCHEME'
  | 'TPMT_TK_HASHCHECK';
export type MarshalType = 'TPM2B_PUBLIC' | 'TPM2B_PRIVATE' | 'TPMT_SIGNATURE';

const UNMARSHAL: readonly UnmarshalType[] = [
  'TPM2B_SENSITIVE_CREATE',
  'TPM2B_PUBLIC',
  'TPM2B_PRIVATE',
  'TPM2B_DATA',
  'TPML_PCR_SELECTION',
  'TPM2B_DIGEST',
  'TPMT_SIG_SCHEME',
  'TPMT_TK_HASHCHECK',
];
const MARSHAL: readonly MarshalType[] = ['TPM2B_PUBLIC', 'TPM2B_PRIVATE', 'TPMT_SIGNATURE'];

const LIBRARIES = {
  esys: ['libtss2-esys.so.0', 'libtss2-esys.so'],
  tctildr: ['libtss2-tctildr.so.0', 'libtss2-tctildr.so'],
  mu: ['libtss2-mu.so.0', 'libtss2-mu.so'],
  rc: ['libtss2-rc.so.0', 'libtss2-rc.so'],
} as const;

function loadFirst(names: readonly string[]): LibraryHandle {
  const errors: string[] = [];
  for (const name of names) {
    try {
      return koffi.load(name);
    } catch (err) {
      errors.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  // The loader error says every name it tried (as node-pty does), so an operator knows what to install.
  throw new DeviceKeyError(
    'device_key.tpm_unavailable',
    `tpm2-tss library not found (tried ${errors.join('; ')})`,
  );
}

let cached: TssLibrary | undefined;

// tpm2-tss logs every failed command to stderr; our errors carry the decoded code instead. An
// operator who wants the library's own trace sets TSS2_LOG (e.g. `all+debug`) and it is kept.
process.env['TSS2_LOG'] ??= 'all+none';

/**
 * Loads tpm2-tss once per process. Throws DeviceKeyError `device_key.tpm_unavailable` if absent.
 * Reached only through the Linux backend (`platform/linux/device-keys.ts`).
 */
export function loadTss(): TssLibrary {
  if (cached) return cached;
  const esys = loadFirst(LIBRARIES.esys);
  const tctildr = loadFirst(LIBRARIES.tctildr);
  const mu = loadFirst(LIBRARIES.mu);
  let rc: LibraryHandle | undefined;
  try {
    rc = loadFirst(LIBRARIES.rc);
  } catch {
    rc = undefined;
  }
  const f = (lib: LibraryHandle, decl: string) => lib.func(decl) as unknown as Fn;
  const tctiInit = f(tctildr, 'uint32_t Tss2_TctiLdr_Initialize(const char *conf, _Out_ void **tcti)');
  const tctiFin = f(tctildr, 'void Tss2_TctiLdr_Finalize(_Inout_ void **tcti)');
  const decode = rc ? f(rc, 'const char *Tss2_RC_Decode(uint32_t rc)') : undefined;
  const unmarshal = {} as Record<UnmarshalType, Fn>;
  for (const t of UNMARSHAL) {
    unmarshal[t] = f(
      mu,
      `uint32_t Tss2_MU_${t}_Unmarshal(void *buf, size_t size, _Inout_ size_t *off, void *dest)`,
    );
  }
  const marshal = {} as Record<MarshalType, Fn>;
  for (const t of MARSHAL) {
    marshal[t] = f(
      mu,
      `uint32_t Tss2_MU_${t}_Marshal(void *src, void *buf, size_t size, _Inout_ size_t *off)`,
    );
  }
  // Session and object handles are ESYS_TR (uint32_t); structs go in as void* buffers.
  const session = 'uint32_t s1, uint32_t s2, uint32_t s3';
  cached = {
    tctiInitialize: (conf, out) => tctiInit(conf, out) as number,
    tctiFinalize: (tcti) => {
      tctiFin(tcti);
    },
    esys: {
      Initialize: f(esys, 'uint32_t Esys_Initialize(_Out_ void **ctx, void *tcti, void *abi)'),
      Finalize: f(esys, 'void Esys_Finalize(_Inout_ void **ctx)'),
      Startup: f(esys, 'uint32_t Esys_Startup(void *ctx, uint16_t startupType)'),
      CreatePrimary: f(
        esys,
        `uint32_t Esys_CreatePrimary(void *ctx, uint32_t primaryHandle, ${session}, void *inSensitive, ` +
          'void *inPublic, void *outsideInfo, void *creationPCR, _Out_ uint32_t *objectHandle, ' +
          'void **outPublic, void **creationData, void **creationHash, void **creationTicket)',
      ),
      Create: f(
        esys,
        `uint32_t Esys_Create(void *ctx, uint32_t parentHandle, ${session}, void *inSensitive, void *inPublic, ` +
          'void *outsideInfo, void *creationPCR, _Out_ void **outPrivate, _Out_ void **outPublic, ' +
          'void **creationData, void **creationHash, void **creationTicket)',
      ),
      Load: f(
        esys,
        `uint32_t Esys_Load(void *ctx, uint32_t parentHandle, ${session}, void *inPrivate, void *inPublic, ` +
          '_Out_ uint32_t *objectHandle)',
      ),
      Sign: f(
        esys,
        `uint32_t Esys_Sign(void *ctx, uint32_t keyHandle, ${session}, void *digest, void *inScheme, ` +
          'void *validation, _Out_ void **signature)',
      ),
      FlushContext: f(esys, 'uint32_t Esys_FlushContext(void *ctx, uint32_t flushHandle)'),
      Free: f(esys, 'void Esys_Free(void *ptr)'),
    },
    unmarshal,
    marshal,
    decodeRc: (code) => {
      const hex = `0x${code.toString(16).padStart(8, '0')}`;
      const text = decode ? (decode(code) as string | null) : null;
      return text ? `${hex} ${text}` : hex;
    },
  };
  return cached;
}
