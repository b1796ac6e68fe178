import type { HistoryPage, HistoryQuery } from '../domain/history.js';
import type { Boat } from '../domain/boats.js';
import type { Sailor } from '../domain/sailors.js';
import { boatView } from './boats.views.js';

export function profileView(sailor: Sailor, boats: Boat[]) {
  return { data: { id: sailor.id, name: sailor.name, boats: boats.map(boatView) } };
}

export function historyView(sailor: Sailor, page: HistoryPage, query: HistoryQuery) {
  return {
    sailor: { id: sailor.id, name: sailor.name },
    stats: page.stats,
    history: page.history,
    limit: query.limit,
    offset: query.offset,
    count: page.count,
  };
}
