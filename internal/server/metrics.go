package server

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// metrics are the server's Prometheus metrics, on its own registry so that
// several servers (tests) can live in one process.
type metrics struct {
	reg         *prometheus.Registry
	tables      prometheus.Gauge
	conns       *prometheus.GaugeVec
	actions     *prometheus.CounterVec
	hands       *prometheus.CounterVec
	actLatency  prometheus.Histogram
	appendTime  prometheus.Histogram
	botTime     prometheus.Histogram
	hintTime    prometheus.Histogram
	msgsIn      *prometheus.CounterVec
	msgsOut     prometheus.Counter
	refused     *prometheus.CounterVec
	clockOuts   prometheus.Counter
	slowClients prometheus.Counter
	// storeHealthy and healthFailures: the store's health checks (health.go).
	storeHealthy   prometheus.Gauge
	healthFailures *prometheus.CounterVec
}

func newMetrics() *metrics {
	reg := prometheus.NewRegistry()
	m := &metrics{
		reg: reg,
		tables: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "trull_tables_loaded", Help: "Tables this server owns and holds in memory."}),
		conns: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "trull_connections", Help: "Open WebSocket connections by role (seat, spectator)."}, []string{"role"}),
		actions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "trull_actions_total", Help: "Accepted actions by game and actor (human, bot)."}, []string{"game", "by"}),
		hands: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "trull_hands_total", Help: "Finished hands by game."}, []string{"game"}),
		actLatency: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "trull_action_seconds", Help: "From receiving a player's action to queueing the update for every seat (bots' replies included).",
			Buckets: prometheus.ExponentialBuckets(0.0002, 2, 14)}),
		appendTime: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "trull_store_append_seconds", Help: "Durable appends to the event log.",
			Buckets: prometheus.ExponentialBuckets(0.0001, 2, 14)}),
		botTime: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "trull_bot_decision_seconds", Help: "Time a bot takes for one decision.",
			Buckets: prometheus.ExponentialBuckets(0.00001, 4, 10)}),
		hintTime: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "trull_hint_seconds", Help: "Time the hint workers take for one hint.",
			Buckets: prometheus.ExponentialBuckets(0.00001, 4, 10)}),
		msgsIn: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "trull_ws_messages_in_total", Help: "Client messages by type."}, []string{"type"}),
		msgsOut: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "trull_ws_messages_out_total", Help: "Messages queued to clients."}),
		clockOuts: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "trull_turn_clock_outs_total", Help: "Decisions whose turn clock ran out, so a bot stand-in took the seat."}),
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "trull_refused_total", Help: "Refused client messages by reason."}, []string{"reason"}),
		slowClients: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "trull_slow_clients_total", Help: "Connections closed because they did not read their messages."}),
		storeHealthy: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "trull_store_healthy", Help: "1 when the last health check found that the store reads and writes, else 0."}),
		healthFailures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "trull_store_health_failures_total", Help: "Failed health checks by reason (lost, cannot_write, no_answer)."}, []string{"reason"}),
	}
	reg.MustRegister(m.storeHealthy, m.healthFailures, m.tables, m.conns, m.actions, m.hands, m.actLatency, m.appendTime, m.botTime, m.hintTime,
		m.msgsIn, m.msgsOut, m.refused, m.clockOuts, m.slowClients,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}
