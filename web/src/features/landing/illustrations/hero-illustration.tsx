/**
 * The hero art: a runner on a winding route towards a finish arch, with a medal. Pure SVG drawn
 * from the theme colours, so it costs no request and scales without shifting the layout.
 */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 480 400" aria-hidden="true" focusable="false" className={className}>
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" className="[stop-color:var(--color-brand-100)]" />
          <stop offset="1" className="[stop-color:var(--color-brand-50)]" />
        </linearGradient>
        <linearGradient id="hero-hill" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" className="[stop-color:var(--color-brand-300)]" />
          <stop offset="1" className="[stop-color:var(--color-brand-200)]" />
        </linearGradient>
        <clipPath id="hero-frame">
          <rect width="480" height="400" rx="32" />
        </clipPath>
      </defs>
      <g clipPath="url(#hero-frame)">
        <rect width="480" height="400" fill="url(#hero-sky)" />
        <circle cx="372" cy="92" r="46" className="fill-accent-200" />
        <circle cx="372" cy="92" r="30" className="fill-accent-300" />
        <path d="M0 250 C80 200 150 215 230 240 S380 200 480 230 V400 H0Z" fill="url(#hero-hill)" />
        <path d="M0 300 C110 260 200 290 300 300 S430 270 480 285 V400 H0Z" className="fill-brand-400" opacity="0.55" />
        {/* The route: from the bottom left, winding to the finish arch. */}
        <path
          d="M40 400 C120 340 260 360 250 310 S150 260 250 236 S380 226 392 206"
          fill="none"
          strokeWidth="30"
          strokeLinecap="round"
          className="stroke-white"
        />
        <path
          d="M40 400 C120 340 260 360 250 310 S150 260 250 236 S380 226 392 206"
          fill="none"
          strokeWidth="3"
          strokeDasharray="10 10"
          strokeLinecap="round"
          className="stroke-accent-400"
        />
        {/* Finish arch. */}
        <path d="M352 210 V150 M432 210 V150" strokeWidth="6" strokeLinecap="round" className="stroke-brand-800" />
        <rect x="344" y="136" width="96" height="26" rx="6" className="fill-brand-800" />
        <text x="392" y="154" textAnchor="middle" fontSize="14" fontWeight="700" letterSpacing="3" fill="white">
          FINISH
        </text>
        {/* Mile markers. */}
        <g className="fill-white stroke-brand-700" strokeWidth="2">
          <circle cx="120" cy="357" r="9" />
          <circle cx="196" cy="262" r="9" />
        </g>
      </g>
      {/* The runner, mid-stride on the route. */}
      <g transform="translate(262 296)" strokeLinecap="round" strokeLinejoin="round" fill="none">
        <path d="M-6 -14 L-22 6 L-40 0" strokeWidth="9" className="stroke-brand-950" />
        <path d="M2 -50 L-12 -34 L-22 -22" strokeWidth="8" className="stroke-brand-950" />
        <path d="M-6 -14 L14 2 L8 28" strokeWidth="9" className="stroke-brand-950" />
        <path d="M8 28 L20 28" strokeWidth="8" className="stroke-accent-600" />
        <path d="M-40 0 L-44 -10" strokeWidth="8" className="stroke-accent-600" />
        <path d="M-6 -12 L4 -50" strokeWidth="18" className="stroke-accent-500" />
        <rect x="-8" y="-40" width="12" height="11" rx="2" transform="rotate(15 -2 -34)" className="fill-white" />
        <path d="M4 -48 L20 -34 L32 -44" strokeWidth="8" className="stroke-brand-950" />
        <circle cx="10" cy="-66" r="12" className="fill-brand-950" />
        <path d="M-1 -70 Q10 -82 22 -70" strokeWidth="5" className="stroke-accent-500" />
      </g>
      {/* Medal. */}
      <g transform="translate(96 96)">
        <path
          d="M-14 -40 L0 -6 L14 -40"
          strokeWidth="10"
          strokeLinejoin="round"
          fill="none"
          className="stroke-brand-600"
        />
        <circle r="26" className="fill-accent-400 stroke-accent-600" strokeWidth="4" />
        <circle r="15" fill="none" strokeWidth="2.5" className="stroke-accent-700" />
        <text y="4.5" textAnchor="middle" fontSize="11" fontWeight="800" className="fill-accent-900">
          26.2
        </text>
      </g>
    </svg>
  );
}
