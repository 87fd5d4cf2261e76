/**
 * Snipcart is switched on by a public key given at build time (`SNIPCART_PUBLIC_KEY`). Without
 * it nothing external loads, and buying leads to an inquiry on the contact page.
 */
export const snipcartPublicKey: string = import.meta.env.VITE_SNIPCART_PUBLIC_KEY ?? "";

export const snipcartEnabled = snipcartPublicKey !== "";
