/* pw_page.c — the HTML page of a Planet Wars replay: one self-contained file
 * (no network) with the map, every turn's planets and fleets in playback
 * notation as computed by the engine, and a small script that draws them on
 * a canvas: planets sized by growth and coloured by owner with their ship
 * counts, fleets as their ship counts moving along the line from source to
 * destination, a turn slider and a play button. Element ids (the browser
 * test reads them): #board (canvas), #turn (slider), #play, #status (text
 * "turn T/N: P1 ships S1 (G1/turn), P2 ships S2 (G2/turn)"). */
#include "pw_cli.h"
#include "ariadne/json.h"
#include "ariadne/memory.h"

#include <stdlib.h>
#include <string.h>

static void json_str(FILE *out, const char *s)
{
    size_t n = ar_json_escape(s, NULL, 0);
    char *buf = ar_xmalloc(n + 1);
    ar_json_escape(s, buf, n + 1);
    fputs(buf, out);
    free(buf);
}

static const char page_script[] =
    "const C=['#9a9a9a','#2f6fdf','#d9382c'];\n"
    "const cv=document.getElementById('board'),g=cv.getContext('2d'),sl=document.getElementById('turn');\n"
    "const st=document.getElementById('status');sl.max=R.states.length-1;\n"
    "let x0=1e9,x1=-1e9,y0=1e9,y1=-1e9;for(const p of R.planets){x0=Math.min(x0,p[0]);x1=Math.max(x1,p[0]);"
    "y0=Math.min(y0,p[1]);y1=Math.max(y1,p[1]);}\n"
    "const W=cv.width,H=cv.height,pad=40,sc=Math.min((W-2*pad)/Math.max(1e-9,x1-x0),(H-2*pad)/Math.max(1e-9,y1-y0));\n"
    "const px=p=>[pad+(p[0]-x0)*sc,H-pad-(p[1]-y0)*sc];\n"
    "function parse(s){const it=s.split(','),n=R.planets.length;return{pl:it.slice(0,n).map(x=>x.split('.').map(Number)),"
    "fl:it.slice(n).filter(x=>x).map(x=>x.split('.').map(Number))};}\n"
    "function draw(t){const s=parse(R.states[t]);g.fillStyle='#101018';g.fillRect(0,0,W,H);\n"
    " let ships=[0,0,0],grow=[0,0,0];\n"
    " R.planets.forEach((p,i)=>{const[o,n]=s.pl[i],[x,y]=px(p),r=6+5*Math.sqrt(p[4]);ships[o]+=n;grow[o]+=p[4];\n"
    "  g.beginPath();g.arc(x,y,r,0,7);g.fillStyle=C[o];g.fill();g.fillStyle='#fff';g.font='bold 12px sans-serif';"
    "g.textAlign='center';g.fillText(n,x,y+4);});\n"
    " for(const f of s.fl){const[o,n,a,b,tot,rem]=f;ships[o]+=n;if(tot<=0)continue;const q=1-rem/tot,[ax,ay]=px(R.planets[a]),"
    "[bx,by]=px(R.planets[b]);\n"
    "  const x=ax+(bx-ax)*q,y=ay+(by-ay)*q;g.strokeStyle=C[o];g.globalAlpha=.35;g.beginPath();g.moveTo(ax,ay);"
    "g.lineTo(bx,by);g.stroke();g.globalAlpha=1;\n"
    "  g.fillStyle=C[o];g.beginPath();g.arc(x,y,4,0,7);g.fill();g.font='11px sans-serif';g.fillText(n,x,y-7);}\n"
    " st.textContent='turn '+t+'/'+(R.states.length-1)+': P1 ships '+ships[1]+' ('+grow[1]+'/turn), P2 ships '+ships[2]+"
    "' ('+grow[2]+'/turn)'+(t==R.states.length-1?' — '+R.result:'');sl.value=t;}\n"
    "sl.oninput=()=>draw(+sl.value);let timer=null;document.getElementById('play').onclick=()=>{if(timer){clearInterval(timer);"
    "timer=null;return;}timer=setInterval(()=>{let t=+sl.value+1;if(t>=R.states.length){clearInterval(timer);timer=null;"
    "return;}draw(t);},100);};\n"
    "draw(0);\n";

void ar_pw_write_page(FILE *out, const ar_json *root, const pw_state *map, const char *const *states, int turns)
{
    const ar_json *players = ar_json_member(root, "players"), *res = ar_json_member(root, "result"),
                  *reason = ar_json_member(root, "reason");
    char result[400];
    int i;
    const char *p1 = players && players->type == AR_JSON_ARRAY && players->count == 2 &&
                             players->items[0].type == AR_JSON_STRING ? players->items[0].string : "player 1";
    const char *p2 = players && players->type == AR_JSON_ARRAY && players->count == 2 &&
                             players->items[1].type == AR_JSON_STRING ? players->items[1].string : "player 2";
    snprintf(result, sizeof result, "result: %s (%s)",
             strcmp(res->string, "draw") == 0 ? "draw" : strcmp(res->string, "1") == 0 ? "player 1 wins" : "player 2 wins",
             reason && reason->type == AR_JSON_STRING ? reason->string : "");
    fprintf(out, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Planet Wars replay</title>\n"
                 "<style>body{background:#181820;color:#ddd;font:14px sans-serif}canvas{display:block}"
                 ".p1{color:#5b8ff0}.p2{color:#f0695c}</style></head><body>\n<div>Planet Wars: "
                 "<span class=\"p1\" id=\"p1\"></span> vs <span class=\"p2\" id=\"p2\"></span></div>\n"
                 "<canvas id=\"board\" width=\"760\" height=\"600\"></canvas>\n"
                 "<div><button id=\"play\">play/pause</button> <input id=\"turn\" type=\"range\" min=\"0\" value=\"0\" "
                 "style=\"width:560px\"> <span id=\"status\"></span></div>\n<script>\nconst R={planets:[");
    for (i = 0; i < map->np; i++)
        fprintf(out, "%s[%.17g,%.17g,%d,%d,%d]", i ? "," : "", map->planets[i].x, map->planets[i].y,
                map->planets[i].owner, map->planets[i].ships, map->planets[i].growth);
    fprintf(out, "],\nplayers:[");
    json_str(out, p1);
    fputc(',', out);
    json_str(out, p2);
    fprintf(out, "],\nresult:");
    json_str(out, result);
    fprintf(out, ",\nstates:[");
    for (i = 0; i <= turns && states[i]; i++) {
        fprintf(out, "%s\"%s\"", i ? ",\n" : "", states[i]);
    }
    fprintf(out, "]};\ndocument.getElementById('p1').textContent=R.players[0];"
                 "document.getElementById('p2').textContent=R.players[1];\n%s</script></body></html>\n",
            page_script);
}
