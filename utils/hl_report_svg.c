// SPDX-License-Identifier: BSD-3-Clause
// papi_hl_report's chart: one self-contained SVG (no script, no external
// font or style), one panel per source and event, one row per region: its
// name as text, a bar for the mean over ranks and a line from the min to
// the max (the spread across ranks).
#include "hl_report.h"

#include <string.h>

enum {
	CHART_WIDTH = 1000,
	ROW_HEIGHT = 22,
	PANEL_GAP = 18,
	TITLE_HEIGHT = 24,
	MARGIN = 12,
	// Room for "1.23e+12 (1.20e+12 .. 1.25e+12)" right of the bars.
	VALUE_WIDTH = 250,
	// Wide enough for the common DejaVu Sans glyph at 13 px.
	CHAR_WIDTH = 8,
};

static void xml_text(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", out);
			break;
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '"':
			fputs("&quot;", out);
			break;
		default:
			// XML 1.0 forbids most control characters, even escaped.
			fputc((unsigned char)*s < 0x20 ? ' ' : *s, out);
		}
	}
}

static int label_width(const struct hl_report *report)
{
	int longest = 8;
	for (int s = 0; s < report->nsources; s++)
		for (int r = 0; r < report->sources[s].nregions; r++)
			if ((int)strlen(report->sources[s].regions[r]) > longest)
				longest = (int)strlen(report->sources[s].regions[r]);
	int width = longest * CHAR_WIDTH + 16;
	return width > 420 ? 420 : width;
}

// The rows of an event's panel; none for region_count when no region was
// entered more than once on a rank (a panel of ones says nothing).
static int panel_rows(const struct hl_source *src, int event)
{
	int rows = 0, repeated = 0;
	struct hl_stats st;
	for (int r = 0; r < src->nregions; r++) {
		const struct hl_cell *cell = hl_source_cell(src, r, event);
		if (cell && hl_cell_stats(cell, &st)) {
			rows++;
			repeated |= st.max > 1;
		}
	}
	return strcmp(src->events[event], "region_count") == 0 && !repeated ? 0 : rows;
}

static void number(FILE *out, double v)
{
	if (v >= 1e6 || (v != 0 && v < 0.01 && v > -0.01))
		fprintf(out, "%.3g", v);
	else
		fprintf(out, "%.6g", v);
}

static int panel(FILE *out, const struct hl_source *src, int event, int y, int label_w)
{
	int x0 = MARGIN + label_w, x1 = CHART_WIDTH - MARGIN - VALUE_WIDTH;
	double scale = 0;
	struct hl_stats st;
	for (int r = 0; r < src->nregions; r++) {
		const struct hl_cell *cell = hl_source_cell(src, r, event);
		if (cell && hl_cell_stats(cell, &st) && st.max > scale)
			scale = st.max;
	}
	fprintf(out, "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">", MARGIN, y + 16);
	xml_text(out, src->events[event]);
	fprintf(out, " <tspan font-weight=\"normal\" fill=\"#555\">(");
	xml_text(out, src->label);
	fprintf(out, ")</tspan></text>\n");
	y += TITLE_HEIGHT;
	for (int r = 0; r < src->nregions; r++) {
		const struct hl_cell *cell = hl_source_cell(src, r, event);
		if (!cell || !hl_cell_stats(cell, &st))
			continue;
		double w = x1 - x0;
		int mean = scale > 0 ? (int)(st.mean / scale * w + 0.5) : 0;
		int lo = scale > 0 ? (int)(st.min / scale * w + 0.5) : 0;
		int hi = scale > 0 ? (int)(st.max / scale * w + 0.5) : 0;
		int mid = y + ROW_HEIGHT / 2;
		fprintf(out, "<text x=\"%d\" y=\"%d\">", MARGIN, mid + 5);
		xml_text(out, src->regions[r]);
		fprintf(out, "</text>\n");
		fprintf(out,
		        "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#4e79a7\"/>\n"
		        "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#e15759\" "
		        "stroke-width=\"2\"/>\n"
		        "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#e15759\" "
		        "stroke-width=\"2\"/>\n"
		        "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#e15759\" "
		        "stroke-width=\"2\"/>\n",
		        x0, y + 4, mean, ROW_HEIGHT - 8, x0 + lo, mid, x0 + hi, mid, x0 + lo,
		        mid - 5, x0 + lo, mid + 5, x0 + hi, mid - 5, x0 + hi, mid + 5);
		fprintf(out, "<text x=\"%d\" y=\"%d\" fill=\"#333\">", x1 + 8, mid + 5);
		number(out, st.mean);
		if (st.ranks > 1) {
			fprintf(out, " (");
			number(out, st.min);
			fprintf(out, " .. ");
			number(out, st.max);
			fprintf(out, ")");
		}
		fprintf(out, "</text>\n");
		y += ROW_HEIGHT;
	}
	return y + PANEL_GAP;
}

void hl_report_svg(FILE *out, const struct hl_report *report)
{
	int label_w = label_width(report), height = MARGIN + 2 * ROW_HEIGHT;
	for (int s = 0; s < report->nsources; s++)
		for (int e = 0; e < report->sources[s].nevents; e++) {
			int rows = panel_rows(&report->sources[s], e);
			if (rows)
				height += TITLE_HEIGHT + rows * ROW_HEIGHT + PANEL_GAP;
		}
	fprintf(out,
	        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
	        "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Arial, sans-serif\" "
	        "font-size=\"13\">\n"
	        "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
	        "<text x=\"%d\" y=\"%d\" fill=\"#333\">Bars: mean over ranks; red line: min to max "
	        "across ranks</text>\n",
	        CHART_WIDTH, height, CHART_WIDTH, height, MARGIN, MARGIN + 14);
	int y = MARGIN + 2 * ROW_HEIGHT;
	for (int s = 0; s < report->nsources; s++)
		for (int e = 0; e < report->sources[s].nevents; e++)
			if (panel_rows(&report->sources[s], e))
				y = panel(out, &report->sources[s], e, y, label_w);
	fprintf(out, "</svg>\n");
}
