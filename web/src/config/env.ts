/** Build-time settings of the web app (Vite inlines `VITE_*` variables when it builds). */
export const env = {
  gaMeasurementId: import.meta.env.VITE_GA_MEASUREMENT_ID?.trim() || undefined,
} as const;
