/** The product mark: a route line over a container, as an inline SVG. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M7 21h18v4H7z" fill="#fff" opacity="0.9" />
      <path d="M9 14h6v6H9zM16 14h6v6h-6z" fill="#fff" opacity="0.75" />
      <path d="M6 10c5-4 14-4 20 0" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" />
      <circle cx="26" cy="10" r="2" fill="#fff" />
    </svg>
  );
}
