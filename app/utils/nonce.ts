import { createContext, useContext } from "react";

/** The CSP nonce of this response, for the few inline scripts Remix renders. */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
