/** `/v1/events`: list and retrieve what the account recorded. */
import type { Router } from '../../common/http.js';
import { listOptions, readParams, type ApiContext, type ApiReply } from '../api.js';
import { paginate } from '../objects/list.js';
import { PAGINATION_PARAMS } from '../params.js';

export function registerEventRoutes(router: Router, { state }: ApiContext, { ok }: ApiReply): void {
  router.get('/v1/events', (req) => {
    const p = readParams(req).allowOnly(['created', 'delivery_success', 'type', 'types', ...PAGINATION_PARAMS]);
    const type = p.string('type');
    const types = p.stringArray('types');
    const all = [...state.events.values()]
      .reverse()
      .filter(
        (e) =>
          (!type || (type.endsWith('*') ? e.type.startsWith(type.slice(0, -1)) : e.type === type)) &&
          (!types || types.includes(e.type)),
      );
    return ok(req, p, paginate(all, '/v1/events', listOptions(p)));
  });
  router.get('/v1/events/:id', (req) => {
    const p = readParams(req).allowOnly(['expand']);
    return ok(req, p, state.events.retrieve(req.params.id!));
  });
}
