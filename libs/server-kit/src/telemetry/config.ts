/**
 * Whether the standard OpenTelemetry variables ask for trace export: an OTLP endpoint, or a traces
 * exporter other than `none`, and the SDK not disabled. Nothing set = no SDK loaded at all.
 */
export function wantsTraceExport(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.toLowerCase() === 'true') return false;
  const exporter = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase();
  if (exporter) return exporter !== 'none';
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** `OTEL_SERVICE_NAME`, else the process's name from its entry (`services/profiles/dist/worker.js` = profiles-worker). */
export function serviceNameOf(entry: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (env.OTEL_SERVICE_NAME) return env.OTEL_SERVICE_NAME;
  const match = /services[\\/]([^\\/]+)[\\/](?:dist|src)[\\/](main|worker)\.[cm]?[jt]s$/.exec(entry ?? '');
  if (!match) return 'runpledge';
  return match[2] === 'worker' ? `${match[1]}-worker` : (match[1] as string);
}
