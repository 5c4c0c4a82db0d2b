<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW" sourcelanguage="en">
<context>
    <name>BomExport</name>
    <message>
        <source>Output tokens/s vs concurrent requests</source>
        <translation>輸出詞元/秒與並行請求數</translation>
    </message>
    <message>
        <source>No estimate</source>
        <translation>無估算</translation>
    </message>
    <message>
        <source>Concurrent requests (log scale)</source>
        <translation>並行請求數（對數刻度）</translation>
    </message>
    <message>
        <source>target: {n}</source>
        <translation>目標：{n}</translation>
    </message>
    <message>
        <source>shaded: +/- {pct} % confidence band</source>
        <translation>陰影：+/- {pct} % 信賴區間</translation>
    </message>
    <message>
        <source>Chassis</source>
        <translation>機箱</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>記憶體</translation>
    </message>
    <message>
        <source>Network cards</source>
        <translation>網路卡</translation>
    </message>
    <message>
        <source>Drives</source>
        <translation>硬碟</translation>
    </message>
    <message>
        <source>Power supplies</source>
        <translation>電源</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>錯誤</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>A line amount is unit price x quantity, rounded half-up to the cent; subtotals are sums of line amounts; discount = subtotal x discount %, rounded half-up to the cent; tax = (subtotal - discount) x tax %, rounded half-up to the cent; total = subtotal - discount + tax.</source>
        <translation>每項金額 = 單價 x 數量，四捨五入到分；小計為各項金額之和；折扣 = 小計 x 折扣率，四捨五入到分；稅額 =（小計 - 折扣）x 稅率，四捨五入到分；總計 = 小計 - 折扣 + 稅額。</translation>
    </message>
    <message>
        <source>price on request (listed in {currency}, no exchange rate)</source>
        <translation>價格另詢（以 {currency} 標價，無匯率）</translation>
    </message>
    <message>
        <source>price on request</source>
        <translation>價格另詢</translation>
    </message>
    <message>
        <source>Quote {number}</source>
        <translation>報價單 {number}</translation>
    </message>
    <message>
        <source>Configuration {hash}</source>
        <translation>配置 {hash}</translation>
    </message>
    <message>
        <source>Page {page} of {total}</source>
        <translation>第 {page} 頁，共 {total} 頁</translation>
    </message>
    <message>
        <source>Quotation and bill of materials</source>
        <translation>報價單及物料清單</translation>
    </message>
    <message>
        <source>Customer</source>
        <translation>客戶</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>專案</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>Prepared by</source>
        <translation>編制人</translation>
    </message>
    <message>
        <source>Quote number</source>
        <translation>報價單號</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>幣別</translation>
    </message>
    <message>
        <source>Configuration hash</source>
        <translation>配置雜湊</translation>
    </message>
    <message>
        <source>Catalog version</source>
        <translation>零件庫版本</translation>
    </message>
    <message>
        <source>Builds in this quote</source>
        <translation>本報價包含的配置</translation>
    </message>
    <message>
        <source>Build</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>節點數</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每節點 GPU 數</translation>
    </message>
    <message>
        <source>Total ({currency})</source>
        <translation>總計（{currency}）</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>狀態</translation>
    </message>
    <message>
        <source>{errors} errors, {warnings} warnings</source>
        <translation>{errors} 個錯誤，{warnings} 個警告</translation>
    </message>
    <message>
        <source>* Some items are priced on request; they are not included in the total.</source>
        <translation>* 部分物料價格另詢，未計入總計。</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>備註</translation>
    </message>
    <message>
        <source>from {currency} {amount}</source>
        <translation>原價 {currency} {amount}</translation>
    </message>
    <message>
        <source>reference price {reference}, more than a year old; not a quotation</source>
        <translation>參考價 {reference}，已超過一年；非正式報價</translation>
    </message>
    <message>
        <source>reference price {reference}, not a quotation</source>
        <translation>參考價 {reference}，非正式報價</translation>
    </message>
    <message>
        <source>{n} error(s)</source>
        <translation>{n} 個錯誤</translation>
    </message>
    <message>
        <source>no GPUs</source>
        <translation>無 GPU</translation>
    </message>
    <message>
        <source>Draft, not ready to order ({why}): included because it was chosen for this quote.</source>
        <translation>草稿，尚不可下單（{why}）：因已選入本報價而列出。</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Qty/node</source>
        <translation>每節點數量</translation>
    </message>
    <message>
        <source>Qty</source>
        <translation>數量</translation>
    </message>
    <message>
        <source>Unit price ({currency})</source>
        <translation>單價（{currency}）</translation>
    </message>
    <message>
        <source>Extended ({currency})</source>
        <translation>金額（{currency}）</translation>
    </message>
    <message>
        <source>Subtotal {category}</source>
        <translation>小計：{category}</translation>
    </message>
    <message>
        <source>(excludes {n} on request)</source>
        <translation>（不含 {n} 項價格另詢）</translation>
    </message>
    <message>
        <source>Subtotal</source>
        <translation>小計</translation>
    </message>
    <message>
        <source>Discount {pct} %</source>
        <translation>折扣 {pct} %</translation>
    </message>
    <message>
        <source>Net after discount</source>
        <translation>折後金額</translation>
    </message>
    <message>
        <source>Tax</source>
        <translation>稅額</translation>
    </message>
    <message>
        <source>{label} {pct} %</source>
        <translation>{label} {pct} %</translation>
    </message>
    <message>
        <source>Total ({currency}), excluding items priced on request</source>
        <translation>總計（{currency}），不含價格另詢的物料</translation>
    </message>
    <message>
        <source>Incomplete total: {n} item(s) priced on request are not included: {skus}</source>
        <translation>總計不完整：{n} 項價格另詢的物料未計入：{skus}</translation>
    </message>
    <message>
        <source>Estimate, not a quotation: {n} item(s) at reference prices ({skus}); ask for a dated vendor quote before ordering. Where each reference price comes from:</source>
        <translation>估算，非正式報價：{n} 項按參考價計（{skus}）；下單前請向廠商索取註明日期的正式報價。各參考價的來源：</translation>
    </message>
    <message>
        <source>published price</source>
        <translation>公開價格</translation>
    </message>
    <message>
        <source>midpoint of a published range</source>
        <translation>公開價格區間的中間值</translation>
    </message>
    <message>
        <source>estimate from a related part</source>
        <translation>根據相關零件估算</translation>
    </message>
    <message>
        <source>{part}: {price}, {kind}. {source}</source>
        <translation>{part}：{price}，{kind}。{source}</translation>
    </message>
    <message>
        <source>{value} W</source>
        <translation>{value} W</translation>
    </message>
    <message>
        <source>{value} kW</source>
        <translation>{value} kW</translation>
    </message>
    <message>
        <source>{value} ms</source>
        <translation>{value} ms</translation>
    </message>
    <message>
        <source>Power per node, maximum</source>
        <translation>每節點功耗（最大）</translation>
    </message>
    <message>
        <source>{dc} at the PSUs, {ac} at the wall</source>
        <translation>電源輸出端 {dc}，市電輸入端 {ac}</translation>
    </message>
    <message>
        <source>Vendor&apos;s maximum</source>
        <translation>廠商標稱最大值</translation>
    </message>
    <message>
        <source>{ac} at the wall ({source})</source>
        <translation>市電輸入端 {ac}（{source}）</translation>
    </message>
    <message>
        <source>Power, all {n} nodes</source>
        <translation>功耗（全部 {n} 個節點）</translation>
    </message>
    <message>
        <source>Maximum by component</source>
        <translation>各零件最大功耗</translation>
    </message>
    <message>
        <source>{count} x {rating}, {mode} redundancy, usable {usable} at {volts} V</source>
        <translation>{count} x {rating}，{mode} 冗餘，{volts} V 下可用 {usable}</translation>
    </message>
    <message>
        <source>none placed</source>
        <translation>未安裝</translation>
    </message>
    <message>
        <source>Heat per node</source>
        <translation>每節點發熱量</translation>
    </message>
    <message>
        <source>{btu} BTU/h ({watts})</source>
        <translation>{btu} BTU/h（{watts}）</translation>
    </message>
    <message>
        <source>P99 {p99}</source>
        <translation>P99 {p99}</translation>
    </message>
    <message>
        <source>P99 target {target}</source>
        <translation>P99 目標 {target}</translation>
    </message>
    <message>
        <source>power</source>
        <translation>供電</translation>
    </message>
    <message>
        <source>gpu</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>cpu</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>dimm</source>
        <translation>記憶體</translation>
    </message>
    <message>
        <source>nic</source>
        <translation>網路卡</translation>
    </message>
    <message>
        <source>drive</source>
        <translation>硬碟</translation>
    </message>
    <message>
        <source>chassis</source>
        <translation>機箱</translation>
    </message>
    <message>
        <source>rack units</source>
        <translation>機架空間</translation>
    </message>
    <message>
        <source>cooling</source>
        <translation>散熱</translation>
    </message>
    <message>
        <source>office-air</source>
        <translation>辦公室空調</translation>
    </message>
    <message>
        <source>air-perimeter</source>
        <translation>房間級空調</translation>
    </message>
    <message>
        <source>air-containment</source>
        <translation>封閉通道風冷</translation>
    </message>
    <message>
        <source>rear-door</source>
        <translation>背板換熱器</translation>
    </message>
    <message>
        <source>direct-liquid</source>
        <translation>直接液冷</translation>
    </message>
    <message>
        <source>immersion</source>
        <translation>浸沒式液冷</translation>
    </message>
    <message>
        <source>vendor specification</source>
        <translation>廠商規格</translation>
    </message>
    <message>
        <source>Part number</source>
        <translation>料號</translation>
    </message>
    <message>
        <source>Power per node at the wall</source>
        <translation>每節點市電輸入端功耗</translation>
    </message>
    <message>
        <source>attention data-parallel over the TP group (engine setting: TensorRT-LLM enable_attention_dp, SGLang --enable-dp-attention, vLLM --data-parallel-size with --enable-expert-parallel)</source>
        <translation>在 TP 組內注意力資料平行（引擎設定：TensorRT-LLM enable_attention_dp，SGLang --enable-dp-attention，vLLM --data-parallel-size 加 --enable-expert-parallel）</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>閒置</translation>
    </message>
    <message>
        <source>At the load</source>
        <translation>負載下</translation>
    </message>
    <message>
        <source>Max (sizing)</source>
        <translation>最大（選型依據）</translation>
    </message>
    <message>
        <source>Extreme</source>
        <translation>極限</translation>
    </message>
    <message>
        <source>Per node</source>
        <translation>每節點</translation>
    </message>
    <message>
        <source>Per rack</source>
        <translation>每機櫃</translation>
    </message>
    <message>
        <source>GPUs at {watts} each at the operating point (the estimate at the load); heat at the load {btu} BTU/h</source>
        <translation>GPU 按工作點每張 {watts} 計（取自該負載下的估算）；負載下發熱量 {btu} BTU/h</translation>
    </message>
    <message>
        <source>GPUs at the profile&apos;s typical share of their power (no estimate at the load); heat at the load {btu} BTU/h</source>
        <translation>GPU 按規則配置中的典型功耗佔比計（無該負載下的估算）；負載下發熱量 {btu} BTU/h</translation>
    </message>
    <message>
        <source>Power at the wall</source>
        <translation>市電輸入端功耗</translation>
    </message>
    <message>
        <source>{max} maximum, {load} at the load, at the wall</source>
        <translation>市電輸入端：最大 {max}，負載下 {load}</translation>
    </message>
    <message>
        <source>Nodes per rack</source>
        <translation>每機櫃節點數</translation>
    </message>
    <message>
        <source>{n} (limited by {binding}; limits: {limits})</source>
        <translation>{n}（受{binding}限制；各項上限：{limits}）</translation>
    </message>
    <message>
        <source>none: one node exceeds the rack&apos;s power or cooling</source>
        <translation>無：單個節點已超出機櫃的供電或散熱能力</translation>
    </message>
    <message>
        <source>Rack power vs budget</source>
        <translation>機櫃功耗與預算</translation>
    </message>
    <message>
        <source>{load} per rack of {usable} usable ({budget} budget)</source>
        <translation>每機櫃 {load}，可用 {usable}（預算 {budget}）</translation>
    </message>
    <message>
        <source>Heat per rack</source>
        <translation>每機櫃發熱量</translation>
    </message>
    <message>
        <source>{btu} BTU/h</source>
        <translation>{btu} BTU/h</translation>
    </message>
    <message>
        <source>Cooling</source>
        <translation>散熱</translation>
    </message>
    <message>
        <source>{cooling}, up to {limit} per rack</source>
        <translation>{cooling}，每機櫃最多 {limit}</translation>
    </message>
    <message>
        <source>Racks for {n} node(s)</source>
        <translation>{n} 個節點所需機櫃數</translation>
    </message>
    <message>
        <source>No findings: the build passes every rule.</source>
        <translation>無檢查結果：該配置通過全部規則。</translation>
    </message>
    <message>
        <source>Rack</source>
        <translation>機櫃</translation>
    </message>
    <message>
        <source>Feed</source>
        <translation>供電線路</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>相位</translation>
    </message>
    <message>
        <source>PSUs</source>
        <translation>電源數</translation>
    </message>
    <message>
        <source>W at the operating point</source>
        <translation>工作點 W</translation>
    </message>
    <message>
        <source>W maximum</source>
        <translation>最大 W</translation>
    </message>
    <message>
        <source>A maximum</source>
        <translation>最大 A</translation>
    </message>
    <message>
        <source>A, other feed lost</source>
        <translation>A（另一路供電中斷）</translation>
    </message>
    <message>
        <source>A usable (breaker x derating)</source>
        <translation>可用 A（斷路器 x 降額係數）</translation>
    </message>
    <message>
        <source>BTU/h</source>
        <translation>BTU/h</translation>
    </message>
    <message>
        <source>Airflow m³/h</source>
        <translation>風量 m³/h</translation>
    </message>
    <message>
        <source>Airflow CFM</source>
        <translation>風量 CFM</translation>
    </message>
    <message>
        <source>Weight kg</source>
        <translation>重量 kg</translation>
    </message>
    <message>
        <source>not stated</source>
        <translation>未註明</translation>
    </message>
    <message>
        <source>Facility sheet: {build}</source>
        <translation>機房資料表：{build}</translation>
    </message>
    <message>
        <source>{volts} V at the PSU</source>
        <translation>電源輸入 {volts} V</translation>
    </message>
    <message>
        <source>three phase, {ll} V line to line</source>
        <translation>三相，線電壓 {ll} V</translation>
    </message>
    <message>
        <source>(typical load: no workload estimate)</source>
        <translation>（典型負載：無工作負載估算）</translation>
    </message>
    <message>
        <source>{nodes} node(s); {volts}; power factor {pf}</source>
        <translation>{nodes} 個節點；{volts}；功率因數 {pf}</translation>
    </message>
    <message>
        <source>PSU</source>
        <translation>電源</translation>
    </message>
    <message>
        <source>W, other feed lost</source>
        <translation>W（另一路供電中斷）</translation>
    </message>
    <message>
        <source>Inlet</source>
        <translation>輸入插座</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>場景</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>變更</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>結論</translation>
    </message>
    <message>
        <source>Findings that appear</source>
        <translation>新出現的檢查結果</translation>
    </message>
    <message>
        <source>Findings that disappear</source>
        <translation>消失的檢查結果</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>數值</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>重量</translation>
    </message>
    <message>
        <source>US</source>
        <translation>美國</translation>
    </message>
    <message>
        <source>EU</source>
        <translation>歐盟</translation>
    </message>
    <message>
        <source>China</source>
        <translation>中國</translation>
    </message>
    <message>
        <source>global</source>
        <translation>全球</translation>
    </message>
    <message>
        <source>{volts} V at each PSU</source>
        <translation>每個電源輸入 {volts} V</translation>
    </message>
    <message>
        <source>Supply</source>
        <translation>供電</translation>
    </message>
    <message>
        <source>{volts}; power factor {pf}</source>
        <translation>{volts}；功率因數 {pf}</translation>
    </message>
    <message>
        <source>{load} W at the operating point, {max} W at the maximum</source>
        <translation>工作點 {load} W，最大 {max} W</translation>
    </message>
    <message>
        <source>Per PSU</source>
        <translation>每個電源</translation>
    </message>
    <message>
        <source>{n} x {psu}: {load} W ({load_a} A) at the operating point, {max} W ({max_a} A) at the maximum; {fail} W ({fail_a} A) with the other feed lost</source>
        <translation>{n} x {psu}：工作點 {load} W（{load_a} A），最大 {max} W（{max_a} A）；另一路供電中斷時 {fail} W（{fail_a} A）</translation>
    </message>
    <message>
        <source>{inlet}, PDU outlet {outlet}: {source}</source>
        <translation>{inlet}，PDU 插座 {outlet}：{source}</translation>
    </message>
    <message>
        <source>{amps} A per feed and phase, loaded to at most {share}</source>
        <translation>每路供電每相 {amps} A，負載不超過 {share}</translation>
    </message>
    <message>
        <source>not stated for this site: give the feed breaker to check it</source>
        <translation>該場地未註明：請填寫供電斷路器以便核查</translation>
    </message>
    <message>
        <source>Feed breaker</source>
        <translation>供電斷路器</translation>
    </message>
    <message>
        <source>feed {feed}: {outlets} x {outlet} outlet(s), {pdus} PDU(s)</source>
        <translation>{feed} 路供電：{outlets} x {outlet} 插座，{pdus} 台 PDU</translation>
    </message>
    <message>
        <source>PDUs per full rack</source>
        <translation>每個滿配機櫃的 PDU</translation>
    </message>
    <message>
        <source>Keeps running?</source>
        <translation>能否持續運作？</translation>
    </message>
    <message>
        <source>Max at the wall</source>
        <translation>市電輸入端最大功耗</translation>
    </message>
    <message>
        <source>Findings that change</source>
        <translation>變化的檢查結果</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>{w} W</source>
        <translation>{w} W</translation>
    </message>
    <message>
        <source>Node {n}</source>
        <translation>節點 {n}</translation>
    </message>
    <message>
        <source>{kw} kW max, {btu} BTU/h</source>
        <translation>最大 {kw} kW，{btu} BTU/h</translation>
    </message>
    <message>
        <source>feed A {a} kW, feed B {b} kW</source>
        <translation>A 路 {a} kW，B 路 {b} kW</translation>
    </message>
    <message>
        <source>{kg} kg</source>
        <translation>{kg} kg</translation>
    </message>
    <message>
        <source>weight not stated</source>
        <translation>重量未註明</translation>
    </message>
    <message>
        <source>{free} U free</source>
        <translation>剩餘 {free} U</translation>
    </message>
    <message>
        <source>W load</source>
        <translation>負載 W</translation>
    </message>
    <message>
        <source>W max</source>
        <translation>最大 W</translation>
    </message>
    <message>
        <source>A max</source>
        <translation>最大 A</translation>
    </message>
    <message>
        <source>A usable</source>
        <translation>可用 A</translation>
    </message>
    <message>
        <source>m³/h</source>
        <translation>m³/h</translation>
    </message>
    <message>
        <source>CFM</source>
        <translation>CFM</translation>
    </message>
    <message>
        <source>kg</source>
        <translation>kg</translation>
    </message>
    <message>
        <source>Where the hand-off&apos;s figures come from</source>
        <translation>交接資料中各數值的來源</translation>
    </message>
    <message>
        <source>{what}: {source}</source>
        <translation>{what}：{source}</translation>
    </message>
    <message>
        <source>Facility hand-off</source>
        <translation>機房交接資料</translation>
    </message>
    <message>
        <source>Failure scenarios</source>
        <translation>故障場景</translation>
    </message>
    <message>
        <source>Rack elevation</source>
        <translation>機櫃立面圖</translation>
    </message>
    <message>
        <source>Facility sheet</source>
        <translation>機房資料表</translation>
    </message>
    <message>
        <source>No rack elevation: not one node fits the site&apos;s rack.</source>
        <translation>無機櫃立面圖：該場地的機櫃連一個節點都放不下。</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>嚴重程度</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>規則</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>檢查結果</translation>
    </message>
    <message>
        <source>{value} min</source>
        <translation>{value} 分鐘</translation>
    </message>
    <message>
        <source>{value} h</source>
        <translation>{value} 小時</translation>
    </message>
    <message>
        <source>+/- {pct} %</source>
        <translation>+/- {pct} %</translation>
    </message>
    <message>
        <source>{gpus} GPUs, one model copy (TP {tp} x PP {pp})</source>
        <translation>{gpus} 張 GPU，一個模型副本（TP {tp} x PP {pp}）</translation>
    </message>
    <message>
        <source>{gpus} GPUs, {replicas} model copies (TP {tp} x PP {pp} each)</source>
        <translation>{gpus} 張 GPU，{replicas} 個模型副本（每個 TP {tp} x PP {pp}）</translation>
    </message>
    <message>
        <source>MoE experts split whole over {ep} GPUs (engine setting: TensorRT-LLM --ep, SGLang --ep-size, vLLM --enable-expert-parallel)</source>
        <translation>MoE 專家整體分布於 {ep} 張 GPU（引擎設定：TensorRT-LLM --ep，SGLang --ep-size，vLLM --enable-expert-parallel）</translation>
    </message>
    <message>
        <source>read as a benchmark whose prompts and answers all have one length (its rounds in step; see the assumptions)</source>
        <translation>按所有提示和回答同一長度的基準測試計算（各輪保持同步；見假設）</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>工作負載</translation>
    </message>
    <message>
        <source>{model}, {weights} weights, {kv} KV cache, {inp} in / {out} out tokens, {engine}</source>
        <translation>{model}，{weights} 權重，{kv} KV 快取，輸入 {inp} / 輸出 {out} 詞元，{engine}</translation>
    </message>
    <message>
        <source>Concurrent requests</source>
        <translation>並行請求數</translation>
    </message>
    <message>
        <source>Time to first token (TTFT)</source>
        <translation>首字延遲（TTFT）</translation>
    </message>
    <message>
        <source>Time per output token (TPOT)</source>
        <translation>每輸出詞元時間（TPOT）</translation>
    </message>
    <message>
        <source>Output tokens/s, whole build</source>
        <translation>輸出詞元/秒（整套配置）</translation>
    </message>
    <message>
        <source>Output tokens/s per user</source>
        <translation>每使用者輸出詞元/秒</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation>請求/秒</translation>
    </message>
    <message>
        <source>Meets the latency targets</source>
        <translation>滿足延遲目標</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>{kv} by KV-cache memory</source>
        <translation>{kv}（按 KV 快取容量）</translation>
    </message>
    <message>
        <source>{n} running at once ({setting}), the rest wait</source>
        <translation>同時執行 {n} 個（{setting}），其餘排隊等待</translation>
    </message>
    <message>
        <source>{n} meeting the latency targets</source>
        <translation>{n}（滿足延遲目標）</translation>
    </message>
    <message>
        <source>Maximum concurrency</source>
        <translation>最大並行數</translation>
    </message>
    <message>
        <source>n/a: {reason}</source>
        <translation>不適用：{reason}</translation>
    </message>
    <message>
        <source>Cost per million output tokens</source>
        <translation>每百萬輸出詞元成本</translation>
    </message>
    <message>
        <source>probe-calibrated</source>
        <translation>偵測校準</translation>
    </message>
    <message>
        <source>datasheet peaks, calibrated efficiencies</source>
        <translation>規格表峰值，校準效率</translation>
    </message>
    <message>
        <source>Basis</source>
        <translation>依據</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>可信度</translation>
    </message>
    <message>
        <source>bands are the 80th percentile of held-out errors against published measurements; throughput {band}</source>
        <translation>區間為留出資料相對公開測量值誤差的第 80 百分位；吞吐量 {band}</translation>
    </message>
    <message>
        <source>No performance estimate: {reason}.</source>
        <translation>無效能估算：{reason}。</translation>
    </message>
    <message>
        <source>Model warnings</source>
        <translation>模型警告</translation>
    </message>
    <message>
        <source>{nodes} node(s); quantities and prices are for all nodes.</source>
        <translation>{nodes} 個節點；數量和價格均按全部節點計算。</translation>
    </message>
    <message>
        <source>{gpus} GPU(s) per node.</source>
        <translation>每節點 {gpus} 張 GPU。</translation>
    </message>
    <message>
        <source>Bill of materials</source>
        <translation>物料清單</translation>
    </message>
    <message>
        <source>Power and cooling</source>
        <translation>供電與散熱</translation>
    </message>
    <message>
        <source>Validation findings</source>
        <translation>驗證結果</translation>
    </message>
    <message>
        <source>Performance</source>
        <translation>效能</translation>
    </message>
    <message>
        <source>Assumptions and data sources</source>
        <translation>假設與資料來源</translation>
    </message>
    <message>
        <source>Prices</source>
        <translation>價格</translation>
    </message>
    <message>
        <source>All prices in {currency}, from the parts catalog (list prices or imported price lists).</source>
        <translation>所有價格以 {currency} 計，來自零件庫（目錄價或匯入的價目表）。</translation>
    </message>
    <message>
        <source>Parts without a price are shown as &apos;price on request&apos; and are never counted as zero; a total that leaves them out says so.</source>
        <translation>無價格的零件顯示為「價格另詢」，絕不按零計；未計入這些零件的總計會註明。</translation>
    </message>
    <message>
        <source>Exchange rate: 1 {code} = {rate} {currency}</source>
        <translation>匯率：1 {code} = {rate} {currency}</translation>
    </message>
    <message>
        <source>Reference prices in {code} converted at the price book&apos;s rate: 1 {code} = {rate} {currency} ({date}; {source})</source>
        <translation>以 {code} 計的參考價按價格手冊的匯率換算：1 {code} = {rate} {currency}（{date}；{source}）</translation>
    </message>
    <message>
        <source>Power, cooling and validation</source>
        <translation>供電、散熱與驗證</translation>
    </message>
    <message>
        <source>Maximum power is the sum of nameplate figures (GPU and CPU TDP, DIMMs, NICs, drives, chassis baseline); typical power is what the rules profile expects under inference load.</source>
        <translation>最大功耗為各零件標稱值之和（GPU 和 CPU 的 TDP、記憶體模組、網路卡、硬碟、機箱基礎功耗）；典型功耗為規則配置在推論負載下的預期值。</translation>
    </message>
    <message>
        <source>Heat: BTU/h = W x 3.412. Nodes per rack are limited by the rack power budget, the rack units and the cooling ceiling; the binding limit is named.</source>
        <translation>發熱量：BTU/h = W x 3.412。每機櫃節點數受機櫃供電預算、機架空間和散熱上限限制；報告中註明起決定作用的限制。</translation>
    </message>
    <message>
        <source>Findings come from the rules engine with the rule profile in use; each explanation shows the numbers used.</source>
        <translation>檢查結果來自規則引擎及所用規則配置；每條說明都列出了所用數值。</translation>
    </message>
    <message>
        <source>Estimates come from the calibrated performance model for the whole build (all nodes, all GPUs); a band is the 80th percentile of held-out errors against published measurements.</source>
        <translation>估算來自整套配置（全部節點、全部 GPU）的校準效能模型；區間為留出資料相對公開測量值誤差的第 80 百分位。</translation>
    </message>
    <message>
        <source>Cost per million output tokens = hourly rate {rate} {currency} / (output tokens/s x 3600) x 1,000,000.</source>
        <translation>每百萬輸出詞元成本 = 每小時費率 {rate} {currency} /（輸出詞元/秒 x 3600）x 1,000,000。</translation>
    </message>
    <message>
        <source>Cost per million output tokens = hourly cost / (output tokens/s x 3600) x 1,000,000; hourly cost = quote total / ({years} years x 8,760 h) + typical wall power x PUE {pue} x {price} {currency}/kWh.</source>
        <translation>每百萬輸出詞元成本 = 每小時成本 /（輸出詞元/秒 x 3600）x 1,000,000；每小時成本 = 報價總計 /（{years} 年 x 8,760 小時）+ 典型輸入功率 x PUE {pue} x {price} {currency}/kWh。</translation>
    </message>
    <message>
        <source>Utilisation: the build serves at this load {pct} % of the hours.</source>
        <translation>利用率：該配置在此負載下服務的時間佔 {pct} %。</translation>
    </message>
    <message>
        <source>Model assumptions (all builds)</source>
        <translation>模型假設（全部配置）</translation>
    </message>
    <message>
        <source>Model assumptions: {build}</source>
        <translation>模型假設：{build}</translation>
    </message>
    <message>
        <source>SHA-256 of the canonical JSON of the builds, every catalog part they use (all fields, prices included) and the pricing terms ({scheme}):</source>
        <translation>以下為各配置、其使用的全部零件庫零件（所有欄位，含價格）及定價條款的規範 JSON 的 SHA-256（{scheme}）：</translation>
    </message>
    <message>
        <source>Data sources</source>
        <translation>資料來源</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>零件</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>來源</translation>
    </message>
    <message>
        <source>Checked</source>
        <translation>核驗</translation>
    </message>
    <message>
        <source>Checked: V verified against a datasheet, K known (catalog author, to verify), D derived from other figures, U entered by the user.</source>
        <translation>核驗：V 已對照規格表核實，K 已知（零件庫作者提供，待核實），D 由其他資料推導，U 使用者錄入。</translation>
    </message>
    <message>
        <source>Quotation {number}</source>
        <translation>報價單 {number}</translation>
    </message>
    <message>
        <source>Quotation</source>
        <translation>報價單</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>電子郵件</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>電話</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>Valid until</source>
        <translation>有效期限至</translation>
    </message>
    <message>
        <source>{date} ({days} days from the quote date)</source>
        <translation>{date}（自報價日期起 {days} 天）</translation>
    </message>
    <message>
        <source>{pct} % of the subtotal</source>
        <translation>小計的 {pct} %</translation>
    </message>
    <message>
        <source>{pct} % of the amount after discount</source>
        <translation>折後金額的 {pct} %</translation>
    </message>
    <message>
        <source>Payment terms</source>
        <translation>付款條件</translation>
    </message>
    <message>
        <source>Delivery terms</source>
        <translation>交貨條件</translation>
    </message>
    <message>
        <source>Draft, no GPUs: {status}</source>
        <translation>草稿，無 GPU：{status}</translation>
    </message>
    <message>
        <source>Draft: {status}</source>
        <translation>草稿：{status}</translation>
    </message>
    <message>
        <source>Terms</source>
        <translation>條款</translation>
    </message>
    <message>
        <source>A draft is not ready to order (no GPUs, or errors in validation); it is in this quote because it was chosen.</source>
        <translation>草稿尚不可下單（無 GPU，或驗證有錯誤）；因已被選取而列入本報價。</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>類別</translation>
    </message>
    <message>
        <source>Qty per node</source>
        <translation>每節點數量</translation>
    </message>
    <message>
        <source>Unit price</source>
        <translation>單價</translation>
    </message>
    <message>
        <source>Extended</source>
        <translation>金額</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>備註</translation>
    </message>
    <message>
        <source>excludes {n} on request</source>
        <translation>不含 {n} 項價格另詢</translation>
    </message>
    <message>
        <source>excluding {n} item(s) priced on request</source>
        <translation>不含 {n} 項價格另詢的物料</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>總計</translation>
    </message>
    <message>
        <source>Discount</source>
        <translation>折扣</translation>
    </message>
    <message>
        <source>Catalog ID</source>
        <translation>零件庫 ID</translation>
    </message>
    <message>
        <source>Quote</source>
        <translation>報價</translation>
    </message>
</context>
<context>
    <name>CatalogModel</name>
    <message>
        <source>Name</source>
        <translation>名稱</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>廠商</translation>
    </message>
    <message>
        <source>Form</source>
        <translation>規格</translation>
    </message>
    <message>
        <source>VRAM GiB</source>
        <translation>顯示記憶體 GiB</translation>
    </message>
    <message>
        <source>Bandwidth GB/s</source>
        <translation>頻寬 GB/s</translation>
    </message>
    <message>
        <source>BF16 TFLOPS</source>
        <translation>BF16 TFLOPS</translation>
    </message>
    <message>
        <source>FP8 TFLOPS</source>
        <translation>FP8 TFLOPS</translation>
    </message>
    <message>
        <source>TDP W</source>
        <translation>TDP W</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>價格</translation>
    </message>
    <message>
        <source>Socket</source>
        <translation>CPU 插槽</translation>
    </message>
    <message>
        <source>Cores</source>
        <translation>核心數</translation>
    </message>
    <message>
        <source>Base GHz</source>
        <translation>基礎 GHz</translation>
    </message>
    <message>
        <source>Boost GHz</source>
        <translation>加速時脈 GHz</translation>
    </message>
    <message>
        <source>Channels</source>
        <translation>通道</translation>
    </message>
    <message>
        <source>PCIe lanes</source>
        <translation>PCIe 通道</translation>
    </message>
    <message>
        <source>U</source>
        <translation>U</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 數</translation>
    </message>
    <message>
        <source>GPU form</source>
        <translation>GPU 規格</translation>
    </message>
    <message>
        <source>Max GPU W (air)</source>
        <translation>GPU 最大 W（風冷）</translation>
    </message>
    <message>
        <source>Sockets</source>
        <translation>CPU 插槽數</translation>
    </message>
    <message>
        <source>PSU bays</source>
        <translation>電源倉位</translation>
    </message>
    <message>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <source>MT/s</source>
        <translation>MT/s</translation>
    </message>
    <message>
        <source>W</source>
        <translation>W</translation>
    </message>
    <message>
        <source>Gb/s per port</source>
        <translation>每埠 Gb/s</translation>
    </message>
    <message>
        <source>Ports</source>
        <translation>埠</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>類型</translation>
    </message>
    <message>
        <source>W (200-240 V)</source>
        <translation>W（200-240 V）</translation>
    </message>
    <message>
        <source>W (100-127 V)</source>
        <translation>W（100-127 V）</translation>
    </message>
    <message>
        <source>80 PLUS</source>
        <translation>80 PLUS</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>介面</translation>
    </message>
    <message>
        <source>Read MB/s</source>
        <translation>讀取 MB/s</translation>
    </message>
    <message>
        <source>Params B</source>
        <translation>參數 B</translation>
    </message>
    <message>
        <source>Active B</source>
        <translation>啟用 B</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>層數</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 頭</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>published price</source>
        <translation>公開價格</translation>
    </message>
    <message>
        <source>midpoint of a published range</source>
        <translation>公開價格區間的中點</translation>
    </message>
    <message>
        <source>estimate from a related part</source>
        <translation>依相近零件的估算</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>來源</translation>
    </message>
    <message>
        <source>Reference price {price}, {kind}; not a quotation. {source}</source>
        <translation>參考價 {price}，{kind}；非正式報價。{source}</translation>
    </message>
    <message>
        <source>{price} (reference)</source>
        <translation>{price}（參考價）</translation>
    </message>
</context>
<context>
    <name>CatalogPanel</name>
    <message>
        <source>Search name, vendor, SKU…</source>
        <translation>搜尋名稱、廠商、SKU…</translation>
    </message>
    <message>
        <source>Add to build</source>
        <translation>加入配置</translation>
    </message>
    <message>
        <source>Put the selected part in the first free slot that takes it (Ctrl+Return)</source>
        <translation>將所選零件放入第一個可用的空插槽（Ctrl+Return）</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Chassis</source>
        <translation>機箱</translation>
    </message>
    <message>
        <source>Memory (DIMMs)</source>
        <translation>記憶體（DIMM）</translation>
    </message>
    <message>
        <source>Network cards</source>
        <translation>網路卡</translation>
    </message>
    <message>
        <source>Power supplies</source>
        <translation>電源</translation>
    </message>
    <message>
        <source>Drives</source>
        <translation>硬碟</translation>
    </message>
    <message>
        <source>Models (LLMs)</source>
        <translation>模型（LLM）</translation>
    </message>
    <message>
        <source>Fill all</source>
        <translation>全部填滿</translation>
    </message>
    <message>
        <source>Fill every free slot that takes the part (Ctrl+Shift+Return)</source>
        <translation>填滿所有可容納該零件的空插槽（Ctrl+Shift+Return）</translation>
    </message>
    <message>
        <source>Select a part to see its full specifications and sources.</source>
        <translation>選擇一個零件以檢視完整規格和資料來源。</translation>
    </message>
    <message>
        <source>Duplicate…</source>
        <translation>複製…</translation>
    </message>
    <message>
        <source>Make your own editable copy of the selected part</source>
        <translation>為所選零件建立一份可編輯的副本</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>編輯…</translation>
    </message>
    <message>
        <source>Edit one of your parts</source>
        <translation>編輯您的零件</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>刪除</translation>
    </message>
    <message>
        <source>Delete one of your parts (bundled parts stay)</source>
        <translation>刪除您的零件（內建零件不可刪除）</translation>
    </message>
    <message numerus="yes">
        <source>%n part(s)</source>
        <translation>
            <numerusform>%n 個零件</numerusform>
        </translation>
    </message>
    <message>
        <source>confidence</source>
        <translation>可信度</translation>
    </message>
    <message>
        <source>Reference price</source>
        <translation>參考價</translation>
    </message>
    <message>
        <source>{price}, {kind}; not a quotation</source>
        <translation>{price}，{kind}；非正式報價</translation>
    </message>
    <message>
        <source>Your part</source>
        <translation>您的零件</translation>
    </message>
    <message>
        <source>Bundled catalog</source>
        <translation>內建零件庫</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>資料來源</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>備註</translation>
    </message>
    <message>
        <source>Use this chassis</source>
        <translation>使用此機箱</translation>
    </message>
    <message>
        <source>{share:.0%} of the datasheet</source>
        <translation>規格值的 {share:.0%}</translation>
    </message>
    <message>
        <source>{share:.0%} of a stock board&apos;s reading</source>
        <translation>原廠標準卡實測值的 {share:.0%}</translation>
    </message>
    <message>
        <source>memory bandwidth {v:,.0f} GB/s</source>
        <translation>顯示記憶體頻寬 {v:,.0f} GB/s</translation>
    </message>
    <message>
        <source>{p} GEMM {v:,.0f} TFLOPS</source>
        <translation>{p} GEMM {v:,.0f} TFLOPS</translation>
    </message>
</context>
<context>
    <name>ChartWidget</name>
    <message>
        <source>PNG…</source>
        <translation>PNG…</translation>
    </message>
    <message>
        <source>SVG…</source>
        <translation>SVG…</translation>
    </message>
    <message>
        <source>Export this chart</source>
        <translation>匯出此圖表</translation>
    </message>
    <message>
        <source>No data</source>
        <translation>無資料</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 影像 (*.png)</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 向量圖 (*.svg)</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>匯出圖表</translation>
    </message>
</context>
<context>
    <name>ChassisView</name>
    <message>
        <source>Drop a chassis here or pick one in the workload panel.</source>
        <translation>將機箱拖放到此處，或在工作負載面板中選擇。</translation>
    </message>
    <message>
        <source>GPU positions ({n} × {form})</source>
        <translation>GPU 位（{n} × {form}）</translation>
    </message>
    <message>
        <source>CPU sockets and memory channels</source>
        <translation>CPU 插槽與記憶體通道</translation>
    </message>
    <message>
        <source>PCIe slots (NICs)</source>
        <translation>PCIe 插槽（網路卡）</translation>
    </message>
    <message>
        <source>Drive bays ({forms})</source>
        <translation>硬碟倉位（{forms}）</translation>
    </message>
    <message>
        <source>Boot M.2</source>
        <translation>啟動 M.2</translation>
    </message>
    <message>
        <source>PSU bays</source>
        <translation>電源倉位</translation>
    </message>
    <message>
        <source>no such slot</source>
        <translation>沒有該插槽</translation>
    </message>
    <message>
        <source>the part comes from here</source>
        <translation>部件從此處移出</translation>
    </message>
    <message>
        <source>Replace {0}</source>
        <translation>替換 {0}</translation>
    </message>
    <message>
        <source>Remove {n} part(s)</source>
        <translation>移除 {n} 個零件</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>{what} must be a number, got {text}</source>
        <translation>{what} 必須是數字，收到的是 {text}</translation>
    </message>
    <message>
        <source>{what} must be a finite number, got {text}</source>
        <translation>{what} 必須是有限數字，收到的是 {text}</translation>
    </message>
    <message>
        <source>--valid-days must be a whole number of days from 1 to {max}, got {text}</source>
        <translation>--valid-days 必須是 1 到 {max} 之間的整數天數，收到的是 {text}</translation>
    </message>
    <message>
        <source>{what} must look like NAME=VALUE, got {item}</source>
        <translation>{what} 的格式應為 NAME=VALUE，收到的是 {item}</translation>
    </message>
    <message>
        <source>--lang must look like en or zh_CN, got {lang}</source>
        <translation>--lang 的格式應為 en 或 zh_CN，收到的是 {lang}</translation>
    </message>
    <message>
        <source>nothing to write: give --pdf, --csv and/or --xlsx</source>
        <translation>沒有要寫的檔案：請指定 --pdf、--csv 和/或 --xlsx</translation>
    </message>
    <message>
        <source>--pdf, --csv and --xlsx must name different files</source>
        <translation>--pdf、--csv 和 --xlsx 必須指向不同的檔案</translation>
    </message>
    <message>
        <source>--date must be YYYY-MM-DD, got {date}</source>
        <translation>--date 的格式應為 YYYY-MM-DD，收到的是 {date}</translation>
    </message>
    <message>
        <source>cost terms: {error}</source>
        <translation>成本條款：{error}</translation>
    </message>
    <message>
        <source>{build}: total {total}</source>
        <translation>{build}：總計 {total}</translation>
    </message>
    <message>
        <source>{build}: total {total} (excluding {n} item(s) priced on request)</source>
        <translation>{build}：總計 {total}（不含 {n} 項價格另詢的物料）</translation>
    </message>
    <message>
        <source>  {build} is a draft: not ready to order (no GPUs, or errors)</source>
        <translation>  {build} 為草稿：尚不可下單（無 GPU，或有錯誤）</translation>
    </message>
    <message>
        <source>wrote {kind} {path}</source>
        <translation>已寫入 {kind} {path}</translation>
    </message>
    <message>
        <source>configuration hash {hash}</source>
        <translation>配置雜湊 {hash}</translation>
    </message>
    <message>
        <source>note: {message}</source>
        <translation>提示：{message}</translation>
    </message>
    <message>
        <source>unknown kind &apos;{kind}&apos;; use one of {kinds}</source>
        <translation>未知類別「{kind}」；請使用以下之一：{kinds}</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>KIND</source>
        <translation>類別</translation>
    </message>
    <message>
        <source>VENDOR</source>
        <translation>廠商</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>名稱</translation>
    </message>
    <message>
        <source>PRICE</source>
        <translation>價格</translation>
    </message>
    <message>
        <source>{n} part(s)</source>
        <translation>{n} 個零件</translation>
    </message>
    <message>
        <source>no part with ID &apos;{id}&apos; (try: catalog list --search WORD)</source>
        <translation>沒有 ID 為「{id}」的零件（可嘗試：catalog list --search 關鍵詞）</translation>
    </message>
    <message>
        <source>database        {path}</source>
        <translation>資料庫          {path}</translation>
    </message>
    <message>
        <source>schema version  {version}</source>
        <translation>資料庫結構版本  {version}</translation>
    </message>
    <message>
        <source>catalog version {version}</source>
        <translation>零件庫版本      {version}</translation>
    </message>
    <message>
        <source>parts           {counts}</source>
        <translation>零件            {counts}</translation>
    </message>
    <message>
        <source>--map item {item} must look like role=Column Name</source>
        <translation>--map 項 {item} 的格式應為 role=欄名</translation>
    </message>
    <message>
        <source>{file}: SKU column &apos;{sku}&apos;, price column &apos;{price}&apos;, currency column &apos;{currency}&apos;</source>
        <translation>{file}：SKU 欄「{sku}」，價格欄「{price}」，幣別欄「{currency}」</translation>
    </message>
    <message>
        <source>{file}: SKU column &apos;{sku}&apos;, price column &apos;{price}&apos;, currency {currency}</source>
        <translation>{file}：SKU 欄「{sku}」，價格欄「{price}」，幣別 {currency}</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>  row {row}: {part} ({sku}): {old} -&gt; {new}</source>
        <translation>  第 {row} 列：{part}（{sku}）：{old} -&gt; {new}</translation>
    </message>
    <message>
        <source>{changes} change(s), {unchanged} unchanged, {unmatched} unmatched SKU(s) skipped, {rejected} rejected</source>
        <translation>{changes} 處變更，{unchanged} 處未變，跳過 {unmatched} 個未匹配的 SKU，拒絕 {rejected} 列</translation>
    </message>
    <message>
        <source>no SKU</source>
        <translation>無 SKU</translation>
    </message>
    <message>
        <source>  rejected row {row} ({sku}): {reason}</source>
        <translation>  拒絕第 {row} 列（{sku}）：{reason}</translation>
    </message>
    <message>
        <source>Nothing was imported: fix the rejected rows and run again.</source>
        <translation>未匯入任何內容：請修正被拒絕的列後重新執行。</translation>
    </message>
    <message>
        <source>Dry run: nothing was written.</source>
        <translation>試執行：未寫入任何內容。</translation>
    </message>
    <message>
        <source>Imported {n} price(s).</source>
        <translation>已匯入 {n} 個價格。</translation>
    </message>
    <message>
        <source>{build}: {racks} rack(s), {nodes} node(s) at {volts:g} V</source>
        <translation>{build}：{racks} 個機櫃，{nodes} 個節點，{volts:g} V</translation>
    </message>
    <message>
        <source>  {scenario}: {verdict}</source>
        <translation>  {scenario}：{verdict}</translation>
    </message>
    <message>
        <source>wrote {path}</source>
        <translation>已寫入 {path}</translation>
    </message>
    <message>
        <source>--site must name a NetBox site</source>
        <translation>--site 必須指定一個 NetBox 站點</translation>
    </message>
    <message>
        <source>--out must be a directory, and {path} is a file</source>
        <translation>--out 必須是目錄，而 {path} 是檔案</translation>
    </message>
    <message>
        <source>cannot write {path}: {error}</source>
        <translation>無法寫入 {path}：{error}</translation>
    </message>
    <message>
        <source>error: {message}</source>
        <translation>錯誤：{message}</translation>
    </message>
    <message>
        <source>no build named {name}; the project has: {names}</source>
        <translation>沒有名為 {name} 的配置；專案中有：{names}</translation>
    </message>
    <message>
        <source>1 model copy</source>
        <translation>1 個模型副本</translation>
    </message>
    <message>
        <source>{n} model copies</source>
        <translation>{n} 個模型副本</translation>
    </message>
    <message>
        <source>VRAM       need {need:.1f} of {usable:.1f} GiB usable per GPU (headroom {headroom:.1f} GiB); {gpus} x {per_gpu:g} GiB = {total:g} GiB; TP={tp} PP={pp}, {copies}</source>
        <translation>顯示記憶體 每 GPU 需要 {need:.1f} GiB，可用 {usable:.1f} GiB（餘量 {headroom:.1f} GiB）；{gpus} x {per_gpu:g} GiB = {total:g} GiB；TP={tp} PP={pp}，{copies}</translation>
    </message>
    <message>
        <source>VRAM       {gpus} GPU(s), {total:g} GiB total (no workload to check)</source>
        <translation>顯示記憶體 {gpus} 張 GPU，共 {total:g} GiB（無工作負載可供檢查）</translation>
    </message>
    <message>
        <source>from the estimate at the load</source>
        <translation>取自該負載下的估算</translation>
    </message>
    <message>
        <source>typical shares: no estimate</source>
        <translation>按典型佔比：無估算</translation>
    </message>
    <message>
        <source>Power      at the wall: idle {idle:,.0f} W, at the load {load:,.0f} W ({basis}), max {max_wall:,.0f} W (sizing), extreme {extreme:,.0f} W</source>
        <translation>功耗       市電輸入端：閒置 {idle:,.0f} W，負載下 {load:,.0f} W（{basis}），最大 {max_wall:,.0f} W（選型依據），極限 {extreme:,.0f} W</translation>
    </message>
    <message>
        <source>Storage    weights {gb:,.1f} GB ({gib:,.1f} GiB), load about {time}</source>
        <translation>儲存       權重 {gb:,.1f} GB（{gib:,.1f} GiB），載入約需 {time}</translation>
    </message>
    <message>
        <source>{power_w:,.0f} W max at the wall ({load_w:,.0f} W at the load)</source>
        <translation>市電輸入端最大 {power_w:,.0f} W（負載下 {load_w:,.0f} W）</translation>
    </message>
    <message>
        <source>moves the estimate ({model} BF16, {inp:,} in / {out:,} out, concurrency {conc}): TTFT {ttft}, TPOT {tpot}, throughput {tps} against datasheet peaks</source>
        <translation>對估算的影響（{model} BF16，輸入 {inp:,} / 輸出 {out:,}，並行 {conc}）：與按規格表峰值相比，TTFT {ttft}，TPOT {tpot}，吞吐量 {tps}</translation>
    </message>
    <message>
        <source>Capacity   max concurrency {max} at the requested context; longest context {longest} tokens</source>
        <translation>容量       請求上下文下最大並行 {max}；最長上下文 {longest} 個詞元</translation>
    </message>
    <message>
        <source>&apos;{text}&apos; fits more than one part in the catalog: {ids}; give one of these IDs</source>
        <translation>「{text}」對應目錄中的多個零件：{ids}；請給出其中一個 ID</translation>
    </message>
    <message>
        <source>no part with ID &apos;{id}&apos;; nearest: {ids}</source>
        <translation>沒有 ID 為「{id}」的零件；最接近的：{ids}</translation>
    </message>
    <message>
        <source>{text}: read as {name} ({id})</source>
        <translation>{text}：按 {name}（{id}）讀取</translation>
    </message>
    <message>
        <source>{flag} &apos;{text}&apos; is not a GPU in the catalog</source>
        <translation>{flag}「{text}」不是目錄中的 GPU</translation>
    </message>
    <message>
        <source>{flag} &apos;{text}&apos; is not an LLM in the catalog</source>
        <translation>{flag}「{text}」不是目錄中的 LLM</translation>
    </message>
    <message>
        <source>{flag} &apos;{text}&apos; fits more than one part in the catalog: {ids}; give one of these IDs</source>
        <translation>{flag}「{text}」對應目錄中的多個零件：{ids}；請給出其中一個 ID</translation>
    </message>
    <message>
        <source>{message}; nearest: {ids}</source>
        <translation>{message}；最接近的：{ids}</translation>
    </message>
    <message>
        <source>{message} (try: catalog list --search WORD)</source>
        <translation>{message}（可嘗試：catalog list --search 關鍵詞）</translation>
    </message>
    <message>
        <source>{flag} {text}: read as {name} ({id})</source>
        <translation>{flag} {text}：按 {name}（{id}）讀取</translation>
    </message>
    <message>
        <source>Thumb      weights x 1.2 = {gib:.1f} GiB vs {have} (a quick rule of thumb)</source>
        <translation>經驗       權重 x 1.2 = {gib:.1f} GiB，對比 {have}（快速經驗法則）</translation>
    </message>
    <message>
        <source>Vendor     max {vendor:,.0f} W at the wall ({source}); this build {delta:+.0%}</source>
        <translation>廠商       市電輸入端最大 {vendor:,.0f} W（{source}）；本配置 {delta:+.0%}</translation>
    </message>
    <message>
        <source>PSUs       {n} x {rating:,.0f} W at {volts:g} V, {mode}: {usable:,.0f} W usable</source>
        <translation>電源       {n} x {rating:,.0f} W，{volts:g} V，{mode}：可用 {usable:,.0f} W</translation>
    </message>
    <message>
        <source>Rack       budget {budget:,.0f} W, usable {usable:,.0f} W; cooling {cooling} {limit:,.0f} W</source>
        <translation>機櫃       預算 {budget:,.0f} W，可用 {usable:,.0f} W；散熱 {cooling} {limit:,.0f} W</translation>
    </message>
    <message>
        <source>Heat       {w:,.0f} W = {btu:,.0f} BTU/h per node</source>
        <translation>發熱       每節點 {w:,.0f} W = {btu:,.0f} BTU/h</translation>
    </message>
    <message>
        <source>; {w} W = {btu} BTU/h per rack</source>
        <translation>；每機櫃 {w} W = {btu} BTU/h</translation>
    </message>
    <message>
        <source>Nodes/rack {n} (power {power}, rack units {units}, cooling {cooling}; bound by {binding}); {nodes} node(s) -&gt; {racks} rack(s)</source>
        <translation>每櫃節點   {n}（供電 {power}，機架空間 {units}，散熱 {cooling}；受{binding}限制）；{nodes} 個節點 -&gt; {racks} 個機櫃</translation>
    </message>
    <message>
        <source>Host       {cores} cores, {per_gpu} per GPU; RAM {ram:,.0f} GB = {ratio} x VRAM, {per_core} GB per core</source>
        <translation>主機       {cores} 核心，每 GPU {per_gpu} 核心；記憶體 {ram:,.0f} GB = {ratio} x 顯示記憶體，每核心 {per_core} GB</translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation>錯誤</translation>
    </message>
    <message>
        <source>WARNING</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>INFO</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Project {name} ({path})</source>
        <translation>專案 {name}（{path}）</translation>
    </message>
    <message>
        <source>Project {name}</source>
        <translation>專案 {name}</translation>
    </message>
    <message>
        <source>Build {name}: {errors} error(s), {warnings} warning(s), {infos} info</source>
        <translation>配置 {name}：{errors} 個錯誤，{warnings} 個警告，{infos} 個提示</translation>
    </message>
    <message>
        <source>Slots: {slots}</source>
        <translation>插槽：{slots}</translation>
    </message>
    <message>
        <source>Source: {source}</source>
        <translation>來源：{source}</translation>
    </message>
    <message>
        <source>Fix: {fix}</source>
        <translation>修復：{fix}</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>no latency targets</source>
        <translation>無延遲目標</translation>
    </message>
    <message>
        <source>{model}: {load}, {input} in / {output} out tokens; {scenario} ({targets}); {environment}</source>
        <translation>{model}：{load}，輸入 {input} / 輸出 {output} 個詞元；{scenario}（{targets}）；{environment}</translation>
    </message>
    <message>
        <source>; budget {budget:,.0f} {currency}</source>
        <translation>；預算 {budget:,.0f} {currency}</translation>
    </message>
    <message>
        <source>Checked {count} build(s) in {seconds:.2f} s; {qualified} qualify. Ranked by {rank}.</source>
        <translation>在 {seconds:.2f} 秒內檢查了 {count} 個配置；{qualified} 個符合要求。按 {rank} 排序。</translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation>硬體</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>價格</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>{cost:,.3f} {currency} per million output tokens at the load</source>
        <translation>該負載下每百萬輸出詞元 {cost:,.3f} {currency}</translation>
    </message>
    <message>
        <source> (a lower bound: parts without a price)</source>
        <translation>（下限：有零件未定價）</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>餘量</translation>
    </message>
    <message>
        <source>{headroom} capacity over the load</source>
        <translation>容量高出負載 {headroom}</translation>
    </message>
    <message>
        <source>Binds</source>
        <translation>制約因素</translation>
    </message>
    <message>
        <source>Nearest cheaper build that fails: </source>
        <translation>未通過的最接近的更便宜配置：</translation>
    </message>
    <message>
        <source>Nearest cheaper build that fails: none found</source>
        <translation>未通過的最接近的更便宜配置：未找到</translation>
    </message>
    <message>
        <source>Nothing in the catalog meets these requirements. Relax one of them:</source>
        <translation>零件庫中沒有符合這些要求的配置。請放寬其中一項：</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>備註</translation>
    </message>
    <message>
        <source>the team server needs the &apos;team&apos; extra ({name} is missing): pip install &quot;inference-sizer[team]&quot;</source>
        <translation>團隊伺服器需要「team」選用相依套件（缺少 {name}）：pip install &quot;inference-sizer[team]&quot;</translation>
    </message>
    <message>
        <source>no team server is set up here; run `python -m app team init --host … --database … --user …` first</source>
        <translation>此處尚未設定團隊伺服器；請先執行 `python -m app team init --host … --database … --user …`</translation>
    </message>
    <message>
        <source>no password on standard input</source>
        <translation>標準輸入中沒有密碼</translation>
    </message>
    <message>
        <source>catalog admin</source>
        <translation>零件庫管理員</translation>
    </message>
    <message>
        <source>sales</source>
        <translation>銷售</translation>
    </message>
    <message>
        <source>no team role</source>
        <translation>無團隊角色</translation>
    </message>
    <message>
        <source>not created</source>
        <translation>未建立</translation>
    </message>
    <message>
        <source>Connected to {server} as {user} ({role}); server schema {schema}.</source>
        <translation>已以 {user}（{role}）身分連線至 {server}；伺服器資料庫結構：{schema}。</translation>
    </message>
    <message>
        <source>No team server is set up; this copy works on its own.</source>
        <translation>未設定團隊伺服器；目前副本獨立運作。</translation>
    </message>
    <message>
        <source>online as {user}</source>
        <translation>已連線，身分為 {user}</translation>
    </message>
    <message>
        <source>offline ({error})</source>
        <translation>離線（{error}）</translation>
    </message>
    <message>
        <source>Team server {server}: {state}</source>
        <translation>團隊伺服器 {server}：{state}</translation>
    </message>
    <message>
        <source>never</source>
        <translation>從未</translation>
    </message>
    <message>
        <source>Synced: {synced}; changed here: {pending}; conflicts: {conflicts}; last sync: {last}</source>
        <translation>已同步：{synced}；本機已修改：{pending}；衝突：{conflicts}；上次同步：{last}</translation>
    </message>
    <message>
        <source>  conflict {kind}:{id}: {reason} (resolve with --resolve {kind}:{id}=theirs|mine|both)</source>
        <translation>  衝突 {kind}:{id}：{reason}（用 --resolve {kind}:{id}=theirs|mine|both 解決）</translation>
    </message>
    <message>
        <source>--resolve {text!r}: write KIND:ID=theirs|mine|both, KIND one of {kinds}</source>
        <translation>--resolve {text!r}：應寫為 KIND:ID=theirs|mine|both，KIND 為 {kinds} 之一</translation>
    </message>
    <message>
        <source>Synced in {ms:.0f} ms: pulled {pulled}; pushed {pushed}.</source>
        <translation>同步完成，耗時 {ms:.0f} ms：拉取 {pulled}；推送 {pushed}。</translation>
    </message>
    <message>
        <source>Kept here (only a catalog admin shares parts, prices and the profile): {held}</source>
        <translation>保留在本機（只有零件庫管理員能共享零件、價格和規則配置）：{held}</translation>
    </message>
    <message>
        <source>Conflict {kind}:{id}: {reason}; resolve with --resolve {kind}:{id}=theirs|mine|both</source>
        <translation>衝突 {kind}:{id}：{reason}；請用 --resolve {kind}:{id}=theirs|mine|both 解決</translation>
    </message>
    <message>
        <source>Added {login} ({role}).</source>
        <translation>已新增 {login}（{role}）。</translation>
    </message>
    <message>
        <source>{path}: cannot read: {problem}</source>
        <translation>{path}：無法讀取：{problem}</translation>
    </message>
    <message>
        <source>{path}: cannot write: {problem}</source>
        <translation>{path}：無法寫入：{problem}</translation>
    </message>
    <message>
        <source>Probe of {host}: status {status}, {mode} mode, {seconds:.0f} s</source>
        <translation>{host} 的偵測：狀態 {status}，{mode} 模式，{seconds:.0f} 秒</translation>
    </message>
    <message>
        <source> (catalog {id})</source>
        <translation>（零件庫 {id}）</translation>
    </message>
    <message>
        <source>, {fraction:.2f} of peak</source>
        <translation>，為峰值的 {fraction:.2f}</translation>
    </message>
    <message>
        <source>{median:,.1f} {unit} (spread {cv:.1%}{fraction})</source>
        <translation>{median:,.1f} {unit}（離散度 {cv:.1%}{fraction}）</translation>
    </message>
    <message>
        <source>Calibration {gpu} ({confidence} confidence): {efficiency}</source>
        <translation>校準 {gpu}（信賴度 {confidence}）：{efficiency}</translation>
    </message>
    <message>
        <source>Interrupted: no report was written.</source>
        <translation>已中斷：未寫入報告。</translation>
    </message>
    <message>
        <source>Report written to {path}</source>
        <translation>報告已寫入 {path}</translation>
    </message>
    <message>
        <source>Report stored as {path}</source>
        <translation>報告已儲存為 {path}</translation>
    </message>
    <message>
        <source>Already imported: {file} -&gt; {path}</source>
        <translation>已匯入過：{file} -&gt; {path}</translation>
    </message>
    <message>
        <source>Imported: {file} -&gt; {path}</source>
        <translation>已匯入：{file} -&gt; {path}</translation>
    </message>
    <message>
        <source>Probe of {host} on {started} UTC, status {status}, {count} GPU(s)</source>
        <translation>{host} 於 {started} UTC 的偵測，狀態 {status}，{count} 張 GPU</translation>
    </message>
    <message>
        <source>{gpu} ({confidence} confidence): {figures}</source>
        <translation>{gpu}（信賴度 {confidence}）：{figures}</translation>
    </message>
    <message>
        <source>no calibration in this report (no catalog GPU was measured)</source>
        <translation>該報告中沒有校準資料（未測量到零件庫中的 GPU）</translation>
    </message>
</context>
<context>
    <name>Compare</name>
    <message>
        <source>Price</source>
        <translation>價格</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 數</translation>
    </message>
    <message>
        <source>VRAM</source>
        <translation>顯示記憶體</translation>
    </message>
    <message>
        <source>Power at the wall, max</source>
        <translation>市電輸入端功耗（最大）</translation>
    </message>
    <message>
        <source>Power at the wall, at the load</source>
        <translation>市電輸入端負載下功耗</translation>
    </message>
    <message>
        <source>Heat</source>
        <translation>發熱量</translation>
    </message>
    <message>
        <source>Nodes per rack</source>
        <translation>每機櫃節點數</translation>
    </message>
    <message>
        <source>Output tokens/s at the latency target</source>
        <translation>滿足延遲目標時的輸出詞元/秒</translation>
    </message>
    <message>
        <source>Max concurrency (KV cache)</source>
        <translation>最大並行（KV 快取）</translation>
    </message>
    <message>
        <source>Max concurrency meeting the targets</source>
        <translation>滿足目標的最大並行</translation>
    </message>
    <message>
        <source>Cost per million output tokens</source>
        <translation>每百萬輸出詞元成本</translation>
    </message>
    <message>
        <source>Tokens/s per kW</source>
        <translation>每 kW 詞元/秒</translation>
    </message>
    <message>
        <source>Tokens/s per 1,000 of price</source>
        <translation>每 1,000 價格的詞元/秒</translation>
    </message>
    <message>
        <source>Validation errors</source>
        <translation>驗證錯誤</translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <source>Compare builds</source>
        <translation>比較配置</translation>
    </message>
    <message>
        <source>Tick 2 to 4 builds.</source>
        <translation>勾選 2 到 4 個配置。</translation>
    </message>
    <message>
        <source>Tick 2 to 4 builds ({0} ticked).</source>
        <translation>勾選 2 到 4 個配置（已勾選 {0} 個）。</translation>
    </message>
    <message>
        <source>Best value per row in bold.</source>
        <translation>每列最佳值以粗體顯示。</translation>
    </message>
</context>
<context>
    <name>CompareModel</name>
    <message>
        <source>incomplete (parts on request)</source>
        <translation>不完整（部分價格另詢）</translation>
    </message>
</context>
<context>
    <name>FacilityView</name>
    <message>
        <source>Failure scenarios</source>
        <translation>故障場景</translation>
    </message>
    <message>
        <source>Rack elevation</source>
        <translation>機櫃立面圖</translation>
    </message>
    <message>
        <source>No facility plan: the build needs a chassis.</source>
        <translation>無機房規劃：該配置需要先選擇機箱。</translation>
    </message>
    <message>
        <source>{0}: {1} node(s) in {2} rack(s); at the wall {3} W at the operating point, {4} W at the maximum per node; {5} V at each PSU</source>
        <translation>{0}：{1} 個節點，分佈在 {2} 個機櫃中；每節點市電輸入端：工作點 {3} W，最大 {4} W；每個電源輸入 {5} V</translation>
    </message>
</context>
<context>
    <name>FindingsPanel</name>
    <message>
        <source>Select a finding to see the numbers behind it.</source>
        <translation>選擇一條檢查結果以檢視其背後的資料。</translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation>錯誤</translation>
    </message>
    <message>
        <source>WARNING</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>INFO</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>{e} error(s), {w} warning(s), {i} note(s)</source>
        <translation>{e} 個錯誤，{w} 個警告，{i} 個提示</translation>
    </message>
    <message>
        <source>✔ No findings: this build passes every rule of the profile.</source>
        <translation>✔ 無檢查結果：該配置通過了規則配置中的全部規則。</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>資料來源</translation>
    </message>
    <message>
        <source>Fix: {0}</source>
        <translation>修復：{0}</translation>
    </message>
</context>
<context>
    <name>GaugePanel</name>
    <message>
        <source>VRAM per GPU</source>
        <translation>每 GPU 顯示記憶體</translation>
    </message>
    <message>
        <source>Node power</source>
        <translation>節點功耗</translation>
    </message>
    <message>
        <source>Rack power</source>
        <translation>機櫃功耗</translation>
    </message>
    <message>
        <source>Rack heat</source>
        <translation>機櫃發熱</translation>
    </message>
    <message>
        <source>Nodes per rack</source>
        <translation>每機櫃節點數</translation>
    </message>
    <message>
        <source>Cores per GPU</source>
        <translation>每 GPU 核心數</translation>
    </message>
    <message>
        <source>System RAM</source>
        <translation>系統記憶體</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>價格</translation>
    </message>
    <message>
        <source>no chassis</source>
        <translation>無機箱</translation>
    </message>
    <message>
        <source>choose a model and GPUs</source>
        <translation>請選擇模型和 GPU</translation>
    </message>
    <message>
        <source>no redundancy</source>
        <translation>無冗餘</translation>
    </message>
    <message>
        <source>W</source>
        <translation>W</translation>
    </message>
    <message>
        <source>{w:,.1f} of {budget:,.1f} kW usable</source>
        <translation>{w:,.1f} / {budget:,.1f} kW 可用</translation>
    </message>
    <message>
        <source>{btu:,.0f} of {lim:,.0f} BTU/h</source>
        <translation>{btu:,.0f} / {lim:,.0f} BTU/h</translation>
    </message>
    <message>
        <source>weights GiB</source>
        <translation>權重 GiB</translation>
    </message>
    <message>
        <source>KV cache GiB</source>
        <translation>KV 快取 GiB</translation>
    </message>
    <message>
        <source>runtime overhead GiB</source>
        <translation>執行階段開銷 GiB</translation>
    </message>
    <message>
        <source>{need:,.1f} of {have:,.1f} GiB usable</source>
        <translation>{need:,.1f} / {have:,.1f} GiB 可用</translation>
    </message>
    <message>
        <source>W at the load (DC)</source>
        <translation>負載下 W（直流）</translation>
    </message>
    <message>
        <source>W more at max (DC)</source>
        <translation>最大時再增 W（直流）</translation>
    </message>
    <message>
        <source>{max:,.0f} W of {usable:,.0f} W PSU ({mode}); {load:,.0f} W at the load</source>
        <translation>{max:,.0f} W / 電源 {usable:,.0f} W（{mode}）；負載下 {load:,.0f} W</translation>
    </message>
    <message>
        <source>{max:,.0f} W, no PSU placed; {load:,.0f} W at the load</source>
        <translation>{max:,.0f} W，未放置電源；負載下 {load:,.0f} W</translation>
    </message>
    <message>
        <source>from the estimate at the client&apos;s load</source>
        <translation>取自客戶負載下的估算</translation>
    </message>
    <message>
        <source>typical shares: no estimate at the load</source>
        <translation>典型比例：負載下無估算</translation>
    </message>
    <message>
        <source>At the wall: idle {idle:,.0f} W, at the load {load:,.0f} W ({basis}), max {wall:,.0f} W (sizing), extreme {extreme:,.0f} W (fans at 100 %).
Max {max:,.0f} W DC at the PSUs.
{n} PSU(s) of {rating:,.0f} W at {v:g} V, {mode}: {usable:,.0f} W usable.</source>
        <translation>市電輸入端：閒置 {idle:,.0f} W，負載下 {load:,.0f} W（{basis}），最大 {wall:,.0f} W（選型依據），極限 {extreme:,.0f} W（風扇 100 %）。
電源輸出端最大 {max:,.0f} W 直流。
{n} 個 {rating:,.0f} W 電源，{v:g} V，{mode}：可用 {usable:,.0f} W。</translation>
    </message>
    <message>
        <source>Each GPU draws about {w:,.0f} W at the load.</source>
        <translation>負載下每個 GPU 約 {w:,.0f} W。</translation>
    </message>
    <message>
        <source>Vendor: {vendor:,.0f} W max at the wall ({source}).</source>
        <translation>廠商：市電輸入端最大 {vendor:,.0f} W（{source}）。</translation>
    </message>
    <message>
        <source>{n} node(s) in the rack at {node:,.0f} W each (wall, max). Usable: {usable:,.1f} kW per rack.</source>
        <translation>機櫃中 {n} 個節點，每個 {node:,.0f} W（市電輸入端，最大）。可用：每機櫃 {usable:,.1f} kW。</translation>
    </message>
    <message>
        <source>{w:,.0f} W = {btu:,.0f} BTU/h; {cooling} cooling carries {lim:,.0f} W per rack.</source>
        <translation>{w:,.0f} W = {btu:,.0f} BTU/h；{cooling}散熱每機櫃可帶走 {lim:,.0f} W。</translation>
    </message>
    <message>
        <source>power</source>
        <translation>供電</translation>
    </message>
    <message>
        <source>rack units</source>
        <translation>機架空間</translation>
    </message>
    <message>
        <source>cooling</source>
        <translation>散熱</translation>
    </message>
    <message>
        <source>{n} (bound by {what})</source>
        <translation>{n}（受{what}限制）</translation>
    </message>
    <message>
        <source>{c:g} ({cores} cores, {gpus} GPUs)</source>
        <translation>{c:g}（{cores} 核心，{gpus} 張 GPU）</translation>
    </message>
    <message>
        <source>{cores} cores, no GPUs</source>
        <translation>{cores} 核心，無 GPU</translation>
    </message>
    <message>
        <source>{r:g} × VRAM</source>
        <translation>{r:g} × 顯示記憶體</translation>
    </message>
    <message>
        <source>{gb:g} GB/core</source>
        <translation>{gb:g} GB/核心</translation>
    </message>
    <message>
        <source>{gb:,.0f} GB ({ratio}, {core})</source>
        <translation>{gb:,.0f} GB（{ratio}，{core}）</translation>
    </message>
</context>
<context>
    <name>InputSpread</name>
    <message>
        <source>fixed lengths</source>
        <translation>固定長度</translation>
    </message>
    <message>
        <source>How much the prompts&apos; lengths vary: their standard deviation over their mean (chat and RAG sets 0.4-0.8). Longer prompts wait longer and the P99 prompt is prefilled longer, so the P99 TTFT and the highest rate within the targets feel it</source>
        <translation>提示長度的離散程度：標準差與平均值之比（聊天和 RAG 資料集為 0.4-0.8）。較長的提示排隊更久，P99 提示預填充更久，因此會影響 P99 TTFT 和符合目標的最高請求速率</translation>
    </message>
</context>
<context>
    <name>Labels</name>
    <message>
        <source>NVIDIA GPUs (CUDA)</source>
        <translation>NVIDIA GPU（CUDA）</translation>
    </message>
    <message>
        <source>AMD GPUs (ROCm)</source>
        <translation>AMD GPU（ROCm）</translation>
    </message>
    <message>
        <source>Intel Gaudi</source>
        <translation>Intel Gaudi</translation>
    </message>
    <message>
        <source>Intel GPUs (XPU)</source>
        <translation>Intel GPU（XPU）</translation>
    </message>
    <message>
        <source>Huawei Ascend NPUs</source>
        <translation>華為昇騰 NPU</translation>
    </message>
    <message>
        <source>Apple silicon GPUs (Metal)</source>
        <translation>Apple 晶片 GPU（Metal）</translation>
    </message>
    <message>
        <source>this accelerator</source>
        <translation>該加速器</translation>
    </message>
    <message>
        <source>edge</source>
        <translation>邊緣</translation>
    </message>
    <message>
        <source>enterprise</source>
        <translation>企業</translation>
    </message>
    <message>
        <source>datacenter</source>
        <translation>資料中心</translation>
    </message>
    <message>
        <source>custom</source>
        <translation>自訂</translation>
    </message>
    <message>
        <source>chat</source>
        <translation>聊天</translation>
    </message>
    <message>
        <source>code</source>
        <translation>程式碼</translation>
    </message>
    <message>
        <source>summarization</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>rag</source>
        <translation>RAG</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>批次處理</translation>
    </message>
    <message>
        <source>price</source>
        <translation>價格</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>headroom</source>
        <translation>餘裕</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>n+1</source>
        <translation>N+1</translation>
    </message>
    <message>
        <source>n+n</source>
        <translation>N+N</translation>
    </message>
    <message>
        <source>n+2</source>
        <translation>N+2</translation>
    </message>
    <message>
        <source>vllm</source>
        <translation>vLLM</translation>
    </message>
    <message>
        <source>trtllm</source>
        <translation>TensorRT-LLM</translation>
    </message>
    <message>
        <source>sglang</source>
        <translation>SGLang</translation>
    </message>
    <message>
        <source>llamacpp</source>
        <translation>llama.cpp</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>顯示記憶體頻寬</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>運算能力</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Catalog</source>
        <translation>零件庫</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>復原(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Inference Sizer project (*.isproj *.isproj.json *.json)</source>
        <translation>Inference Sizer 專案 (*.isproj *.isproj.json *.json)</translation>
    </message>
    <message>
        <source>Chassis</source>
        <translation>機箱</translation>
    </message>
    <message>
        <source>Facility</source>
        <translation>機房</translation>
    </message>
    <message>
        <source>Workload and site</source>
        <translation>工作負載與場地</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>檢查結果</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>圖表</translation>
    </message>
    <message>
        <source>Autosave failed: {0}</source>
        <translation>自動儲存失敗：{0}</translation>
    </message>
    <message>
        <source>&amp;New project</source>
        <translation>新增專案(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>開啟(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>儲存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存新檔(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>結束(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Add selected part to build</source>
        <translation>將所選零件加入配置(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Fill all slots with selected part</source>
        <translation>用所選零件填滿所有插槽(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Remove selected parts</source>
        <translation>移除所選零件(&amp;R)</translation>
    </message>
    <message>
        <source>New &amp;build…</source>
        <translation>新增配置(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;Duplicate build</source>
        <translation>複製配置(&amp;D)</translation>
    </message>
    <message>
        <source>Re&amp;name build…</source>
        <translation>重新命名配置(&amp;N)…</translation>
    </message>
    <message>
        <source>Remove build</source>
        <translation>刪除配置</translation>
    </message>
    <message>
        <source>&amp;About Inference Sizer</source>
        <translation>關於 Inference Sizer(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Compare builds…</source>
        <translation>比較配置(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Sizing assistant…</source>
        <translation>選型助手(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Probe this machine…</source>
        <translation>偵測本機(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Import probe report…</source>
        <translation>匯入偵測報告(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Export quote…</source>
        <translation>匯出報價單(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Quote details…</source>
        <translation>報價資訊(&amp;Q)…</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>偏好設定(&amp;P)…</translation>
    </message>
    <message>
        <source>S&amp;tart page</source>
        <translation>起始頁(&amp;T)</translation>
    </message>
    <message>
        <source>C&amp;harts</source>
        <translation>圖表(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近開啟(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>編輯(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Build</source>
        <translation>配置(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>說明(&amp;H)</translation>
    </message>
    <message>
        <source>({n} part(s) without a price)</source>
        <translation>（{n} 個零件無價格）</translation>
    </message>
    <message>
        <source>(estimate: {n} at reference prices)</source>
        <translation>（估算：{n} 項按參考價計）</translation>
    </message>
    <message>
        <source>add parts to see this</source>
        <translation>新增零件後即可檢視</translation>
    </message>
    <message>
        <source>Next: choose a chassis in the Catalog (Chassis).</source>
        <translation>下一步：在零件庫（機箱）中選擇一個機箱。</translation>
    </message>
    <message>
        <source>Next: drag GPUs from the Catalog onto the chassis (or select one and press Fill all), then CPUs, memory, drives and power supplies. Still missing:</source>
        <translation>下一步：將 GPU 從零件庫拖到機箱上（或選取一個後按「全部填滿」），然後依序新增 CPU、記憶體、硬碟和電源。尚缺：</translation>
    </message>
    <message>
        <source>Throughput and latency</source>
        <translation>吞吐量與延遲</translation>
    </message>
    <message>
        <source>Power and rack</source>
        <translation>功耗與機櫃</translation>
    </message>
    <message>
        <source>Choose a chassis first.</source>
        <translation>請先選擇機箱。</translation>
    </message>
    <message>
        <source>No free slot in {chassis} takes {part}.</source>
        <translation>{chassis} 中沒有可容納 {part} 的空插槽。</translation>
    </message>
    <message>
        <source>Build {0}</source>
        <translation>配置 {0}</translation>
    </message>
    <message>
        <source>{0} copy</source>
        <translation>{0} 副本</translation>
    </message>
    <message>
        <source>Rename build</source>
        <translation>重新命名配置</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名稱：</translation>
    </message>
    <message>
        <source>{name}[*] — Inference Sizer</source>
        <translation>{name}[*] — Inference Sizer</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未儲存的變更</translation>
    </message>
    <message>
        <source>The project has unsaved changes. Save them?</source>
        <translation>專案有未儲存的變更。是否儲存？</translation>
    </message>
    <message>
        <source>Open project</source>
        <translation>開啟專案</translation>
    </message>
    <message>
        <source>Cannot open project</source>
        <translation>無法開啟專案</translation>
    </message>
    <message>
        <source>Save project</source>
        <translation>儲存專案</translation>
    </message>
    <message>
        <source>Project changed on disk</source>
        <translation>專案檔案已在磁碟上被修改</translation>
    </message>
    <message>
        <source>{path} was changed by another window or program since you opened it.
Overwrite those changes with yours? (Cancel, then Save As, keeps both.)</source>
        <translation>自您開啟以來，{path} 已被另一個視窗或程式修改。
要用您的內容覆寫那些修改嗎？（選擇「取消」後再「另存新檔」，可同時保留兩者。）</translation>
    </message>
    <message>
        <source>Cannot save project</source>
        <translation>無法儲存專案</translation>
    </message>
    <message>
        <source>{path}: {reason}</source>
        <translation>{path}：{reason}</translation>
    </message>
    <message>
        <source>Saved {0}</source>
        <translation>已儲存 {0}</translation>
    </message>
    <message>
        <source>Recover unsaved work?</source>
        <translation>恢復未儲存的工作？</translation>
    </message>
    <message>
        <source>Inference Sizer did not close properly. Recover the unsaved project “{name}”?</source>
        <translation>Inference Sizer 上次未正常關閉。是否恢復未儲存的專案「{name}」？</translation>
    </message>
    <message>
        <source>Import probe report</source>
        <translation>匯入偵測報告</translation>
    </message>
    <message>
        <source>Probe report (*.json)</source>
        <translation>偵測報告 (*.json)</translation>
    </message>
    <message>
        <source>Cannot import probe report</source>
        <translation>無法匯入偵測報告</translation>
    </message>
    <message>
        <source>Probe report stored: {0}</source>
        <translation>偵測報告已儲存：{0}</translation>
    </message>
    <message>
        <source>Delete your part “{0}”?</source>
        <translation>刪除您的零件「{0}」？</translation>
    </message>
    <message>
        <source>Builds that use it will report it as unknown: {0}</source>
        <translation>使用該零件的配置將把它報告為未知零件：{0}</translation>
    </message>
    <message>
        <source>Delete part</source>
        <translation>刪除零件</translation>
    </message>
    <message>
        <source>Add or duplicate a build to compare (Build menu).</source>
        <translation>請先新增或複製一個配置再進行比較（配置選單）。</translation>
    </message>
    <message>
        <source>PDF quote (*.pdf)</source>
        <translation>PDF 報價單 (*.pdf)</translation>
    </message>
    <message>
        <source>Excel workbook (*.xlsx)</source>
        <translation>Excel 活頁簿 (*.xlsx)</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export quote</source>
        <translation>匯出報價單</translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation>無法匯出</translation>
    </message>
    <message>
        <source>Exported {0}</source>
        <translation>已匯出 {0}</translation>
    </message>
    <message>
        <source>About Inference Sizer</source>
        <translation>關於 Inference Sizer</translation>
    </message>
    <message>
        <source>Inference Sizer {version}
Catalog {catalog}
Database: {path}</source>
        <translation>Inference Sizer {version}
零件庫 {catalog}
資料庫：{path}</translation>
    </message>
    <message>
        <source>Inference Sizer</source>
        <translation>Inference Sizer</translation>
    </message>
    <message>
        <source>Cannot open the catalog:
{0}</source>
        <translation>無法開啟零件庫：
{0}</translation>
    </message>
</context>
<context>
    <name>NewBuildDialog</name>
    <message>
        <source>New build</source>
        <translation>新增配置</translation>
    </message>
    <message>
        <source>Power, cooling and rack space come from the site; adjust them later in Workload and site.</source>
        <translation>供電、散熱和機架空間取自場地設定；之後可在「工作負載與場地」中調整。</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名稱：</translation>
    </message>
    <message>
        <source>Chassis:</source>
        <translation>機箱：</translation>
    </message>
    <message>
        <source>Site:</source>
        <translation>場地：</translation>
    </message>
    <message>
        <source>Build</source>
        <translation>配置</translation>
    </message>
</context>
<context>
    <name>OverlayCharts</name>
    <message>
        <source>Builds overlaid</source>
        <translation>配置疊加對比</translation>
    </message>
    <message>
        <source>concurrent requests</source>
        <translation>並行請求數</translation>
    </message>
    <message>
        <source>Output tokens/s, whole build</source>
        <translation>輸出詞元/秒（整套配置）</translation>
    </message>
    <message>
        <source>tok/s</source>
        <translation>詞元/秒</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>首字延遲</translation>
    </message>
    <message>
        <source>TTFT (ms)</source>
        <translation>TTFT（ms）</translation>
    </message>
</context>
<context>
    <name>PartEditor</name>
    <message>
        <source>Part: {0}</source>
        <translation>零件：{0}</translation>
    </message>
    <message>
        <source>your copy of {0}: {1}</source>
        <translation>{0} 的副本：{1}</translation>
    </message>
    <message>
        <source>part</source>
        <translation>零件</translation>
    </message>
</context>
<context>
    <name>PartFields</name>
    <message>
        <source>Catalog ID</source>
        <translation>零件庫 ID</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>類別</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>廠商</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名稱</translation>
    </message>
    <message>
        <source>Manufacturer part number</source>
        <translation>製造商料號</translation>
    </message>
    <message>
        <source>List price</source>
        <translation>目錄價</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>幣別</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>資料來源</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>可信度</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>備註</translation>
    </message>
    <message>
        <source>Form factor</source>
        <translation>外形規格</translation>
    </message>
    <message>
        <source>GPU memory (GiB)</source>
        <translation>顯示記憶體（GiB）</translation>
    </message>
    <message>
        <source>Memory type</source>
        <translation>記憶體類型</translation>
    </message>
    <message>
        <source>Memory bandwidth (GB/s)</source>
        <translation>顯示記憶體頻寬（GB/s）</translation>
    </message>
    <message>
        <source>FP16 dense (TFLOPS)</source>
        <translation>FP16 稠密運算（TFLOPS）</translation>
    </message>
    <message>
        <source>BF16 dense (TFLOPS)</source>
        <translation>BF16 稠密運算（TFLOPS）</translation>
    </message>
    <message>
        <source>FP8 dense (TFLOPS)</source>
        <translation>FP8 稠密運算（TFLOPS）</translation>
    </message>
    <message>
        <source>INT8 dense (TOPS)</source>
        <translation>INT8 稠密運算（TOPS）</translation>
    </message>
    <message>
        <source>FP4 dense (TFLOPS)</source>
        <translation>FP4 稠密運算（TFLOPS）</translation>
    </message>
    <message>
        <source>Power limit, maximum (W)</source>
        <translation>功耗限制上限（W）</translation>
    </message>
    <message>
        <source>Power limit, lowest configurable (W)</source>
        <translation>可設定的最低功耗限制（W）</translation>
    </message>
    <message>
        <source>PCIe generation</source>
        <translation>PCIe 世代</translation>
    </message>
    <message>
        <source>PCIe lanes</source>
        <translation>PCIe 通道</translation>
    </message>
    <message>
        <source>Slot width</source>
        <translation>槽寬</translation>
    </message>
    <message>
        <source>Cooling</source>
        <translation>散熱</translation>
    </message>
    <message>
        <source>GPU interconnect</source>
        <translation>GPU 互連</translation>
    </message>
    <message>
        <source>Interconnect bandwidth (GB/s)</source>
        <translation>互連頻寬（GB/s）</translation>
    </message>
    <message>
        <source>Peer-to-peer</source>
        <translation>點對點通訊</translation>
    </message>
    <message>
        <source>Consumer card</source>
        <translation>消費級顯示卡</translation>
    </message>
    <message>
        <source>Baseboard family</source>
        <translation>基板系列</translation>
    </message>
    <message>
        <source>Socket</source>
        <translation>CPU 插槽</translation>
    </message>
    <message>
        <source>Cores</source>
        <translation>核心數</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>執行緒數</translation>
    </message>
    <message>
        <source>Base clock (GHz)</source>
        <translation>基礎時脈（GHz）</translation>
    </message>
    <message>
        <source>Boost clock (GHz)</source>
        <translation>加速時脈（GHz）</translation>
    </message>
    <message>
        <source>Memory channels</source>
        <translation>記憶體通道數</translation>
    </message>
    <message>
        <source>Memory speed, maximum (MT/s)</source>
        <translation>最高記憶體速率（MT/s）</translation>
    </message>
    <message>
        <source>PCIe lanes in a 2-socket node</source>
        <translation>雙路節點中的 PCIe 通道數</translation>
    </message>
    <message>
        <source>Sockets, maximum</source>
        <translation>最大路數</translation>
    </message>
    <message>
        <source>Capacity (GB)</source>
        <translation>容量（GB）</translation>
    </message>
    <message>
        <source>Speed (MT/s)</source>
        <translation>速率（MT/s）</translation>
    </message>
    <message>
        <source>Power (W)</source>
        <translation>功耗（W）</translation>
    </message>
    <message>
        <source>Port speed (Gb/s)</source>
        <translation>埠速率（Gb/s）</translation>
    </message>
    <message>
        <source>Ports</source>
        <translation>埠數</translation>
    </message>
    <message>
        <source>Network type</source>
        <translation>網路類型</translation>
    </message>
    <message>
        <source>RDMA</source>
        <translation>RDMA</translation>
    </message>
    <message>
        <source>Rating at 200-240 V (W)</source>
        <translation>200-240 V 下額定功率（W）</translation>
    </message>
    <message>
        <source>Rating at 100-127 V (W)</source>
        <translation>100-127 V 下額定功率（W）</translation>
    </message>
    <message>
        <source>Efficiency class</source>
        <translation>能效等級</translation>
    </message>
    <message>
        <source>Efficiency at 50 % load</source>
        <translation>50 % 負載時的效率</translation>
    </message>
    <message>
        <source>Power inlet (IEC 60320)</source>
        <translation>電源輸入插座（IEC 60320）</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>介面</translation>
    </message>
    <message>
        <source>Sequential read (MB/s)</source>
        <translation>順序讀取（MB/s）</translation>
    </message>
    <message>
        <source>Height (U)</source>
        <translation>高度（U）</translation>
    </message>
    <message>
        <source>GPU positions</source>
        <translation>GPU 位數</translation>
    </message>
    <message>
        <source>GPU form factor</source>
        <translation>GPU 外形規格</translation>
    </message>
    <message>
        <source>GPU width, maximum (slots)</source>
        <translation>GPU 最大寬度（槽位）</translation>
    </message>
    <message>
        <source>GPU power, air-cooled maximum (W)</source>
        <translation>GPU 風冷最大功耗（W）</translation>
    </message>
    <message>
        <source>Liquid cooling option</source>
        <translation>液冷選項</translation>
    </message>
    <message>
        <source>CPU sockets</source>
        <translation>CPU 插槽數</translation>
    </message>
    <message>
        <source>CPU socket type</source>
        <translation>CPU 插槽類型</translation>
    </message>
    <message>
        <source>DIMM slots per socket</source>
        <translation>每個 CPU 插槽的記憶體插槽數</translation>
    </message>
    <message>
        <source>Memory channels per socket</source>
        <translation>每個 CPU 插槽的記憶體通道數</translation>
    </message>
    <message>
        <source>PCIe slots</source>
        <translation>PCIe 插槽數</translation>
    </message>
    <message>
        <source>PCIe lanes per slot</source>
        <translation>每插槽 PCIe 通道數</translation>
    </message>
    <message>
        <source>PCIe switches</source>
        <translation>PCIe 交換晶片</translation>
    </message>
    <message>
        <source>PSU bays</source>
        <translation>電源倉位</translation>
    </message>
    <message>
        <source>PSU rating, minimum (W)</source>
        <translation>電源最低額定功率（W）</translation>
    </message>
    <message>
        <source>Drive bays</source>
        <translation>硬碟倉位</translation>
    </message>
    <message>
        <source>Drive form factors</source>
        <translation>硬碟規格</translation>
    </message>
    <message>
        <source>M.2 boot slots</source>
        <translation>M.2 啟動插槽</translation>
    </message>
    <message>
        <source>Chassis baseline power (W)</source>
        <translation>機箱基礎功耗（W）</translation>
    </message>
    <message>
        <source>Fan power per GPU watt</source>
        <translation>每瓦 GPU 功耗對應的風扇功耗</translation>
    </message>
    <message>
        <source>Vendor&apos;s maximum system power (W)</source>
        <translation>廠商標稱最大系統功耗（W）</translation>
    </message>
    <message>
        <source>Source of the vendor&apos;s maximum</source>
        <translation>廠商最大值的來源</translation>
    </message>
    <message>
        <source>Weight (kg)</source>
        <translation>重量（kg）</translation>
    </message>
    <message>
        <source>Inlet air, maximum (°C)</source>
        <translation>最高進風溫度（°C）</translation>
    </message>
    <message>
        <source>Built for open-air GPUs</source>
        <translation>適配開放式散熱 GPU</translation>
    </message>
    <message>
        <source>GPU baseboards</source>
        <translation>GPU 基板</translation>
    </message>
    <message>
        <source>Model family</source>
        <translation>模型系列</translation>
    </message>
    <message>
        <source>Parameters, total (billions)</source>
        <translation>總參數量（十億）</translation>
    </message>
    <message>
        <source>Parameters, active per token (billions)</source>
        <translation>每詞元啟用參數量（十億）</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>層數</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隱藏層維度</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力頭數</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 頭數</translation>
    </message>
    <message>
        <source>Head dimension</source>
        <translation>頭維度</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力類型</translation>
    </message>
    <message>
        <source>KV latent rank (MLA)</source>
        <translation>KV 潛向量秩（MLA）</translation>
    </message>
    <message>
        <source>RoPE head dimension (MLA)</source>
        <translation>RoPE 頭維度（MLA）</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>詞彙表大小</translation>
    </message>
    <message>
        <source>Context window (tokens)</source>
        <translation>上下文視窗（詞元）</translation>
    </message>
    <message>
        <source>Sliding window (tokens)</source>
        <translation>滑動視窗（詞元）</translation>
    </message>
    <message>
        <source>Layers with the sliding window</source>
        <translation>滑動視窗層數</translation>
    </message>
    <message>
        <source>Routed experts (MoE)</source>
        <translation>路由專家數（MoE）</translation>
    </message>
    <message>
        <source>Experts per token (MoE)</source>
        <translation>每個 token 啟用的專家數（MoE）</translation>
    </message>
    <message>
        <source>Parameters in the routed experts (billions)</source>
        <translation>路由專家參數量（十億）</translation>
    </message>
    <message>
        <source>Experts-only low-bit checkpoint</source>
        <translation>僅專家層量化的低位元權重</translation>
    </message>
    <message>
        <source>Released precision (if not 16 bit)</source>
        <translation>發布精度（非 16 位元時）</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
</context>
<context>
    <name>Perf</name>
    <message>
        <source>no cost: give --capex/--power-w or --hourly-rate (the catalog has no price for this GPU)</source>
        <translation>無成本：請給出 --capex/--power-w 或 --hourly-rate（零件庫中沒有該 GPU 的價格）</translation>
    </message>
    <message>
        <source>capex = catalog GPU price only ({price:,.0f} x {count}); the rest of the server is not counted</source>
        <translation>資本支出 = 僅零件庫 GPU 價格（{price:,.0f} x {count}）；伺服器其餘部分未計入</translation>
    </message>
    <message>
        <source>power = GPU TDP x {count} x 1.3 for the host ({power_w:,.0f} W); give --power-w for the BOM figure</source>
        <translation>功耗 = GPU TDP x {count} x 1.3（含主機，{power_w:,.0f} W）；如需按物料清單計算，請給出 --power-w</translation>
    </message>
    <message>
        <source>conc</source>
        <translation>並行</translation>
    </message>
    <message>
        <source>TTFT ms</source>
        <translation>TTFT 毫秒</translation>
    </message>
    <message>
        <source>TPOT ms</source>
        <translation>TPOT 毫秒</translation>
    </message>
    <message>
        <source>tok/s/user</source>
        <translation>每使用者詞元/秒</translation>
    </message>
    <message>
        <source>tok/s total</source>
        <translation>總詞元/秒</translation>
    </message>
    <message>
        <source>req/s</source>
        <translation>請求/秒</translation>
    </message>
    <message>
        <source>max concurrency {kv:,} (KV cache)</source>
        <translation>最大並行 {kv:,}（按 KV 快取）</translation>
    </message>
    <message>
        <source>, {slo:,} within the targets</source>
        <translation>，符合目標時 {slo:,}</translation>
    </message>
    <message>
        <source>{gpu} x{count} (TP {tp} x PP {pp}, {replicas} replica(s), {link}), {model} {weights} / KV {kv}, {engine}, {input} in / {output} out, concurrency {concurrency}</source>
        <translation>{gpu} x{count}（TP {tp} x PP {pp}，{replicas} 個副本，{link}），{model} {weights} / KV {kv}，{engine}，輸入 {input} / 輸出 {output}，並行 {concurrency}</translation>
    </message>
    <message>
        <source>({bound}-bound decode)</source>
        <translation>（解碼受 {bound} 限制）</translation>
    </message>
    <message>
        <source>per user</source>
        <translation>每使用者</translation>
    </message>
    <message>
        <source>total output</source>
        <translation>總輸出</translation>
    </message>
    <message>
        <source>requests</source>
        <translation>請求</translation>
    </message>
    <message>
        <source>peaks</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>assumes: {assumption}</source>
        <translation>假設：{assumption}</translation>
    </message>
    <message>
        <source>WARNING: {warning}</source>
        <translation>警告：{warning}</translation>
    </message>
    <message>
        <source>$/Mtok out</source>
        <translation>$/百萬輸出詞元</translation>
    </message>
    <message>
        <source>(queued for KV)</source>
        <translation>（等待 KV 快取）</translation>
    </message>
    <message>
        <source>(queued: {setting})</source>
        <translation>（排隊：{setting}）</translation>
    </message>
    <message>
        <source>bands: {bands}</source>
        <translation>信賴區間：{bands}</translation>
    </message>
    <message>
        <source>{per_million:,.3f} {currency}/M output tokens (+/- {band:.0%}); {hourly:,.2f} {currency}/h: {basis}</source>
        <translation>{per_million:,.3f} {currency}/百萬輸出詞元（+/- {band:.0%}）；{hourly:,.2f} {currency}/小時：{basis}</translation>
    </message>
    <message>
        <source>note: {note}</source>
        <translation>註：{note}</translation>
    </message>
    <message>
        <source>rate {rate:,.2f} {currency}/h</source>
        <translation>費率 {rate:,.2f} {currency}/小時</translation>
    </message>
    <message>
        <source>capex {capex:,.0f} {currency} over {years:g} years</source>
        <translation>資本支出 {capex:,.0f} {currency}，分 {years:g} 年攤提</translation>
    </message>
    <message>
        <source>{power_w:,.0f} W x {price:g} {currency}/kWh x PUE {pue:g}</source>
        <translation>{power_w:,.0f} W x {price:g} {currency}/kWh x PUE {pue:g}</translation>
    </message>
    <message>
        <source>no cost inputs</source>
        <translation>無成本輸入</translation>
    </message>
    <message>
        <source>; {utilisation:.0%} of hours serving</source>
        <translation>；{utilisation:.0%} 的時間處於服務狀態</translation>
    </message>
    <message>
        <source>build {name!r} has no workload</source>
        <translation>配置 {name!r} 沒有工作負載</translation>
    </message>
    <message>
        <source>build {name!r} has no GPUs placed</source>
        <translation>配置 {name!r} 未安裝 GPU</translation>
    </message>
    <message>
        <source>build {name!r} mixes GPU models ({gpus})</source>
        <translation>配置 {name!r} 混用了不同型號的 GPU（{gpus}）</translation>
    </message>
    <message>
        <source>LLM {llm!r} is not in the catalog</source>
        <translation>零件庫中沒有 LLM {llm!r}</translation>
    </message>
    <message>
        <source>TP {tp} x PP {pp} needs {needed} GPUs; the build has {count}</source>
        <translation>TP {tp} x PP {pp} 需要 {needed} 張 GPU；該配置只有 {count} 張</translation>
    </message>
    <message>
        <source>~{value} (+/- {band:d} %)</source>
        <translation>~{value}（+/- {band:d}%）</translation>
    </message>
    <message>
        <source>~{value} {unit} (+/- {band:d} %)</source>
        <translation>~{value} {unit}（+/- {band:d}%）</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>tok/s</source>
        <translation>詞元/秒</translation>
    </message>
    <message>
        <source>KV cache holds {running} requests per replica; {queued} more wait for space (TTFT includes it)</source>
        <translation>KV 快取每個副本可容納 {running} 個請求；另有 {queued} 個請求在等待空間（已計入 TTFT）</translation>
    </message>
    <message>
        <source>{engine} runs at most {running} requests per replica at once ({setting} {running}); {queued} more wait for a slot (TTFT includes it). Raise {setting} if the KV cache has room.</source>
        <translation>{engine} 每個副本最多同時執行 {running} 個請求（{setting} {running}）；另有 {queued} 個請求在等待空位（已計入 TTFT）。若 KV 快取仍有餘裕，可調大 {setting}。</translation>
    </message>
    <message>
        <source>measured {gbs:.0f} GB/s ({source})</source>
        <translation>實測 {gbs:.0f} GB/s（{source}）</translation>
    </message>
    <message>
        <source>at {rate:g} requests/s (Poisson arrivals) about {conc} in flight; TTFT mean {ttft:,.0f} ms, P99 {ttft99:,.0f} ms; TPOT mean {tpot:.1f} ms, P99 {tpot99:.1f} ms</source>
        <translation>{rate:g} 請求/秒（卜瓦松到達）時約有 {conc} 個請求在處理中；TTFT 平均 {ttft:,.0f} ms，P99 {ttft99:,.0f} ms；TPOT 平均 {tpot:.1f} ms，P99 {tpot99:.1f} ms</translation>
    </message>
    <message>
        <source>the build serves only {served:.2f} requests/s: requests queue without bound</source>
        <translation>該配置只能處理 {served:.2f} 請求/秒：請求佇列將無限增長</translation>
    </message>
    <message>
        <source>highest rate within the P99 targets: {best:.2f} requests/s</source>
        <translation>符合 P99 目標的最高速率：{best:.2f} 請求/秒</translation>
    </message>
    <message>
        <source>power = {count} GPU(s) at the operating point on a reference host ({power_w:,.0f} W at the wall); give --power-w for the build&apos;s figure</source>
        <translation>功耗 = 參考主機上 {count} 張 GPU 在工作點的功耗（市電輸入端 {power_w:,.0f} W）；如需本配置的數值，請給出 --power-w</translation>
    </message>
    <message>
        <source>power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>~{gpu_w:,.0f} W per GPU at this load (prefill {prefill_w:,.0f} W, idle {idle_w:,.0f} W); ~{node_w:,.0f} W per node on a reference host</source>
        <translation>此負載下每 GPU ~{gpu_w:,.0f} W（預填充 {prefill_w:,.0f} W，閒置 {idle_w:,.0f} W）；參考主機上每節點 ~{node_w:,.0f} W</translation>
    </message>
    <message>
        <source>offline: {engine}&apos;s step budget ({setting} {tokens:,.0f} tokens) decodes at most {n:,} requests at once a replica</source>
        <translation>離線：{engine} 的單步預算（{setting} {tokens:,.0f} 個 token）使每個副本最多同時解碼 {n:,} 個請求</translation>
    </message>
    <message>
        <source>offline: {engine} runs at most {n:,} requests at once a replica ({setting} {n}, as given)</source>
        <translation>離線：{engine} 每個副本最多同時執行 {n:,} 個請求（{setting} {n}，依給定值）</translation>
    </message>
    <message>
        <source>offline: {engine} runs at most {n:,} requests at once a replica ({setting} {n}, its default on this GPU since vLLM 0.9; older releases&apos; V0 engine ran {v0}: give --max-num-seqs to compare with such a run)</source>
        <translation>離線：{engine} 每個副本最多同時執行 {n:,} 個請求（{setting} {n}，vLLM 0.9 起在此 GPU 上的預設值；更早版本的 V0 引擎為 {v0}：與此類執行比較時請給出 --max-num-seqs）</translation>
    </message>
    <message>
        <source>offline: {engine} runs at most {n:,} requests at once a replica ({setting} {n}, its default; give --max-num-seqs for another)</source>
        <translation>離線：{engine} 每個副本最多同時執行 {n:,} 個請求（{setting} {n}，其預設值；如需其他值請給出 --max-num-seqs）</translation>
    </message>
    <message>
        <source>FP4 checkpoint with MXFP4 experts and BF16 attention: the experts run with MXFP8 activations (W4A8) on GPUs with MX tensor cores, else with 16-bit activations (W4A16); here {peak}</source>
        <translation>FP4 檢查點的專家為 MXFP4、注意力為 BF16：在具備 MX 張量核心的 GPU 上專家以 MXFP8 激活運行（W4A8），否則以 16 位元激活運行（W4A16）；此處為 {peak}</translation>
    </message>
    <message>
        <source>; the BF16 attention and unembedding at the BF16 peak</source>
        <translation>；BF16 的注意力與反嵌入（輸出投影）按 BF16 峰值計算</translation>
    </message>
    <message>
        <source>datasheet {gbs:.0f} GB/s</source>
        <translation>規格表 {gbs:.0f} GB/s</translation>
    </message>
    <message>
        <source>measured {tflops:.0f} TFLOPS {precision}</source>
        <translation>實測 {tflops:.0f} TFLOPS {precision}</translation>
    </message>
    <message>
        <source>datasheet {tflops:.0f} TFLOPS {precision} dense</source>
        <translation>規格表 {tflops:.0f} TFLOPS {precision} 稠密</translation>
    </message>
    <message>
        <source>x {factor:.2f} sustained clock</source>
        <translation>× {factor:.2f} 持續時脈</translation>
    </message>
    <message>
        <source>{gpu} shares its die with a {ref_w:g} W board: under dense load at {watts:g} W it holds {share:.0%} of its datasheet compute peak (clock x (power / {ref_w:g} W)^{exp:g}, the power-cap law); memory bandwidth unchanged</source>
        <translation>{gpu} 與一款 {ref_w:g} W 的板卡使用同一顆晶片：在 {watts:g} W 的高負載下只能維持其規格算力峰值的 {share:.0%}（時脈 × (功率 / {ref_w:g} W)^{exp:g}，功耗上限規律）；記憶體頻寬不變</translation>
    </message>
    <message>
        <source> x calibrated efficiency</source>
        <translation> x 校準效率</translation>
    </message>
    <message>
        <source>{gpu} lists no GPU-to-GPU fabric: PCIe costs used</source>
        <translation>{gpu} 未列出 GPU 間互連：按 PCIe 開銷計算</translation>
    </message>
    <message>
        <source>{gpu} has no PCIe peer-to-peer: all-reduce goes through host memory</source>
        <translation>{gpu} 不支援 PCIe 點對點：All-Reduce 需經主機記憶體中轉</translation>
    </message>
    <message>
        <source>TP {tp} over PCIe: every layer waits on two all-reduces; consider PP or a bigger GPU</source>
        <translation>經 PCIe 的 TP {tp}：每層都要等待兩次 All-Reduce；建議改用 PP 或更大的 GPU</translation>
    </message>
    <message>
        <source>PCIe all-reduce cost is from Vidur&apos;s profiled PCIe latency, not fitted to serving data</source>
        <translation>PCIe All-Reduce 開銷取自 Vidur 實測的 PCIe 延遲，未按推論服務資料擬合</translation>
    </message>
    <message>
        <source>MoE expert count unknown: expert hit rate taken as active/total parameters</source>
        <translation>MoE 專家數未知：專家命中率按啟用參數/總參數計</translation>
    </message>
    <message>
        <source>no room for even one request&apos;s KV cache at this context length</source>
        <translation>在此上下文長度下，連一個請求的 KV 快取都放不下</translation>
    </message>
    <message>
        <source>{unused} GPU(s) unused by TP {tp} x PP {pp}</source>
        <translation>TP {tp} x PP {pp} 未使用 {unused} 張 GPU</translation>
    </message>
    <message>
        <source>sliding window {window}: KV reads capped at the window on every layer</source>
        <translation>滑動視窗 {window}：每層的 KV 讀取量以視窗為上限</translation>
    </message>
    <message>
        <source>sliding window {window} on {share:.0%} of the layers: their KV reads stop at the window, the other layers read the whole context</source>
        <translation>{share:.0%} 的層使用 {window} 滑動視窗：這些層的 KV 讀取止於視窗，其餘層讀取整個上下文</translation>
    </message>
    <message>
        <source>{engine} on {cls} GPUs: efficiencies fitted as one with {other}&apos;s, on both engines&apos; measurements on these GPUs</source>
        <translation>{engine} 在 {cls} GPU 上：效率與 {other} 合併擬合為同一數值，依據兩種引擎在這些 GPU 上的實測</translation>
    </message>
    <message>
        <source>(steady state ~{steady}; the first round&apos;s burst adds {cold})</source>
        <translation>（穩態約 {steady}；首輪突發增加 {cold}）</translation>
    </message>
    <message>
        <source>the probe&apos;s peaks move this estimate against the datasheet&apos;s: TTFT {ttft:+.0%}, TPOT {tpot:+.0%}, total output {tps:+.0%}</source>
        <translation>與規格峰值相比，偵測實測峰值使本估算變化：TTFT {ttft:+.0%}，TPOT {tpot:+.0%}，總輸出 {tps:+.0%}</translation>
    </message>
    <message>
        <source>{engine} on {cls} GPUs: its MoE path is calibrated on its own MoE measurements; weight-read and GEMM efficiencies are {other}&apos;s</source>
        <translation>{engine} 在 {cls} GPU 上：其 MoE 路徑依其自身的 MoE 實測校準；權重讀取與 GEMM 效率沿用 {other} 的數值</translation>
    </message>
    <message>
        <source>vLLM&apos;s MoE path on MI350X/MI355X measured slower than this estimate: decode 1.4-1.7x the estimated TPOT in vLLM&apos;s January 2026 ROCm benchmarks (this GPU class is calibrated on SGLang); bands widened</source>
        <translation>vLLM 在 MI350X/MI355X 上的 MoE 路徑實測慢於本估算：在 vLLM 2026 年 1 月的 ROCm 基準測試中，解碼的 TPOT 為估算值的 1.4-1.7 倍（此 GPU 類別依 SGLang 的實測校準）；信賴區間已放寬</translation>
    </message>
    <message>
        <source>no {engine} measurements on {cls} GPUs in the calibration: efficiencies borrowed</source>
        <translation>校準資料中沒有 {engine} 在 {cls} GPU 上的實測：效率借用其他資料</translation>
    </message>
    <message>
        <source>calibration data are NVIDIA GPUs; {vendor} kernels may reach other efficiencies</source>
        <translation>校準資料來自 NVIDIA GPU；{vendor} 的核心效率可能不同</translation>
    </message>
    <message>
        <source>{vendor} GPUs calibrated on their own measurements (class {cls}); bands from their held-out errors</source>
        <translation>{vendor} GPU 依其自身實測資料校準（類別 {cls}）；信賴區間取自其留出資料誤差</translation>
    </message>
    <message>
        <source>llama.cpp with parallel slots: batching efficiency not calibrated</source>
        <translation>llama.cpp 平行槽位：批次處理效率未經校準</translation>
    </message>
    <message>
        <source>min</source>
        <translation>分鐘</translation>
    </message>
    <message>
        <source>h</source>
        <translation>小時</translation>
    </message>
    <message>
        <source>TP {tp} does not split {model}&apos;s attention ({heads} heads, {kv} KV heads): engines refuse to start it; these figures are for a layout that cannot run</source>
        <translation>TP {tp} 無法切分 {model} 的注意力（{heads} 個頭、{kv} 個 KV 頭）：推論引擎會拒絕啟動；這些數字對應一個無法執行的佈局</translation>
    </message>
    <message>
        <source>TP {tp} does not split {model}&apos;s attention ({heads} heads, {kv} KV heads): engines refuse to start it</source>
        <translation>TP {tp} 無法切分 {model} 的注意力（{heads} 個頭、{kv} 個 KV 頭）：推論引擎會拒絕啟動</translation>
    </message>
    <message>
        <source>expert parallelism {ep} has nothing to split: {model} is dense (no MoE experts); estimated as TP {tp} alone</source>
        <translation>專家並行 {ep} 無可切分：{model} 是稠密模型（沒有 MoE 專家）；按單純 TP {tp} 估算</translation>
    </message>
    <message>
        <source>from the client sending the request to the first streamed chunk it receives (vllm bench serve, benchmark_serving: the first server-sent event, even one without text), so it holds the HTTP round trip, tokenization, the wait for a step and the prefill</source>
        <translation>從用戶端送出請求到收到第一個串流資料塊為止（vllm bench serve、benchmark_serving：第一個伺服器推送事件，即使其中沒有文字），因此包含 HTTP 往返、分詞、等待排程步與預填充</translation>
    </message>
    <message>
        <source>from the client sending the request to trtllm-serve to the first streamed token it receives (benchmark_serving, genai-perf); the PyTorch executor returns a request&apos;s first token with its prefill step</source>
        <translation>從用戶端向 trtllm-serve 送出請求到收到第一個串流詞元為止（benchmark_serving、genai-perf）；PyTorch 執行器在請求的預填充步完成時傳回其第一個詞元</translation>
    </message>
    <message>
        <source>from the client sending the request to the first streamed chunk it receives (sglang.bench_serving, the same definition as vLLM&apos;s); SGLang streams a request&apos;s first token as soon as its prefill ends</source>
        <translation>從用戶端送出請求到收到第一個串流資料塊為止（sglang.bench_serving，與 vLLM 的定義相同）；SGLang 在請求的預填充結束後立即推送其第一個詞元</translation>
    </message>
    <message>
        <source>from the client sending the request to llama-server to the first streamed token it receives; the server&apos;s own timings (prompt_ms) count the prompt&apos;s processing alone, without the wait for a slot, so they read lower</source>
        <translation>從用戶端向 llama-server 送出請求到收到第一個串流詞元為止；伺服器自身的計時（prompt_ms）只計提示詞處理本身，不含等待空閒槽位的時間，因此讀數較低</translation>
    </message>
    <message>
        <source>offline: {engine} runs at most {n:,} requests at once a replica with steps of up to {tokens:,.0f} tokens (max_batch_size and max_num_tokens as trtllm-bench sizes them from the KV cache for these lengths; give --max-num-seqs for another)</source>
        <translation>離線：{engine} 每個副本最多同時執行 {n:,} 個請求，每步最多 {tokens:,.0f} 個 token（max_batch_size 與 max_num_tokens 依 trtllm-bench 根據 KV 快取與這些長度所定的值；如需其他值請給出 --max-num-seqs）</translation>
    </message>
    <message>
        <source>offline: {engine} runs at most {n:,} requests at once a replica ({setting} {n}, its default: SGLang sizes it from its KV pool, {lo:,} to {hi:,}; give --max-num-seqs for another)</source>
        <translation>離線：{engine} 每個副本最多同時執行 {n:,} 個請求（{setting} {n}，其預設值：SGLang 依其 KV 池決定，介於 {lo:,} 到 {hi:,}；如需其他值請給出 --max-num-seqs）</translation>
    </message>
    <message>
        <source>= {share:.0%} of a stock {gpu}&apos;s {stock:.0f} ({engine}, {date})</source>
        <translation>= 原廠標準 {gpu} 實測值 {stock:.0f} 的 {share:.0%}（{engine}，{date}）</translation>
    </message>
    <message>
        <source>/ {ceiling:.2f}, a good probe&apos;s share of the datasheet</source>
        <translation>/ {ceiling:.2f}（良好偵測可達的規格值比例）</translation>
    </message>
    <message>
        <source>{n:,} tokens per request exceed {model}&apos;s {max:,}-token context window: the engines refuse such requests; the figures assume they were taken</source>
        <translation>每個請求 {n:,} 個詞元，超出 {model} 的 {max:,} 詞元上下文視窗：推論引擎會拒絕此類請求；這些數字按已接受計算</translation>
    </message>
    <message>
        <source>{engine}: weight streaming at {eta:.0%} of measured bandwidth, prefill MFU up to {mfu:.0%} of {precision} peak</source>
        <translation>{engine}：權重讀取達到實測頻寬的 {eta:.0%}，預填充 MFU 最高為 {precision} 峰值的 {mfu:.0%}</translation>
    </message>
    <message>
        <source>{engine}: weight streaming at {eta:.0%} of datasheet bandwidth, prefill MFU up to {mfu:.0%} of {precision} peak</source>
        <translation>{engine}：權重讀取達到規格表頻寬的 {eta:.0%}，預填充 MFU 最高為 {precision} 峰值的 {mfu:.0%}</translation>
    </message>
    <message>
        <source>fixed floor {floor_ms:.2f} ms per decode step ({layer_us:.0f} us/layer; the host&apos;s {step_ms:.2f} ms a step overlaps the GPU&apos;s work)</source>
        <translation>每個解碼步固定下限 {floor_ms:.2f} ms（{layer_us:.0f} us/層；主機每步 {step_ms:.2f} ms 的工作與 GPU 運算重疊）</translation>
    </message>
    <message>
        <source>fixed floor {floor_ms:.2f} ms per decode step ({layer_us:.0f} us/layer + {step_ms:.2f} ms/step)</source>
        <translation>每個解碼步固定下限 {floor_ms:.2f} ms（{layer_us:.0f} us/層 + {step_ms:.2f} ms/步）</translation>
    </message>
    <message>
        <source>KV cache {kv}: {budget:.1f} GiB per GPU after weights {weights:.1f} GiB and overhead {overhead:.1f} GiB of {usable:.1f} GiB usable ({engine}&apos;s memory budget), {tokens} tokens per request</source>
        <translation>KV 快取 {kv}：可用的 {usable:.1f} GiB 扣除權重 {weights:.1f} GiB 和開銷 {overhead:.1f} GiB 後，每 GPU 剩餘 {budget:.1f} GiB（{engine} 的顯示記憶體預算），每個請求 {tokens} 個詞元</translation>
    </message>
    <message>
        <source>interconnect {link}</source>
        <translation>互連 {link}</translation>
    </message>
    <message>
        <source>prefix cache: the first {prefix:,} of {tokens:,} prompt tokens are cached (a shared system prompt or context); prefill computes the other {fresh:,}, attending to all; the prefix&apos;s KV is held once per replica</source>
        <translation>前綴快取：{tokens:,} 個提示詞元中前 {prefix:,} 個已快取（共用的系統提示或上下文）；預填充只計算其餘 {fresh:,} 個，注意力涵蓋全部詞元；前綴的 KV 在每個副本中只保存一份</translation>
    </message>
    <message>
        <source>a warm engine, its kernels compiled for every batch shape: a freshly started engine, or a benchmark that warms up on one prompt, may compile them during its first batches (JIT kernels: AITER and Triton on ROCm, DeepGEMM on NVIDIA), seconds each, not modelled</source>
        <translation>假定引擎已預熱，各批次形狀的核心函式均已編譯：新啟動的引擎，或只用同一提示預熱的基準測試，可能在最初幾個批次中編譯這些核心函式（即時編譯核心函式：ROCm 上的 AITER 與 Triton，NVIDIA 上的 DeepGEMM），每次需數秒，未建模</translation>
    </message>
    <message>
        <source>TTFT as {engine} is benchmarked: {definition}</source>
        <translation>{engine} 基準測試中的 TTFT：{definition}</translation>
    </message>
    <message>
        <source>requests arrive at random at the load&apos;s rate (Poisson, as MLPerf Server and vLLM&apos;s --request-rate); TTFT is the mean over a long run, including waiting behind other prompts; P99s from the same arrivals</source>
        <translation>請求按負載速率隨機到達（卜瓦松過程，與 MLPerf 伺服器場景及 vLLM 的 --request-rate 相同）；TTFT 為長時間執行的平均值，包含排在其他提示之後的等待；各 P99 值基於同一到達過程</translation>
    </message>
    <message>
        <source>closed-loop serving at fixed concurrency; TTFT is the mean a benchmark run reports ({rounds:g} requests per client, all clients starting together; the breakdown shows what that first burst adds apart), including waiting behind other prompts</source>
        <translation>固定並行的閉環服務；TTFT 為基準測試報告的平均值（每個用戶端 {rounds:g} 個請求，所有用戶端同時開始；首輪突發增加的部分在分解項中單獨列出），包含排在其他提示之後的等待</translation>
    </message>
    <message>
        <source>every prompt and every answer one length (a random-token benchmark with --ignore-eos and no length range): {engine} prefills waiting prompts in steps of their own while the running requests wait (no --enable-mixed-chunk), so every answer of a round ends on the same step and every round is a burst like the first: each prompt waits for the prompts ahead of it in the round, and each request&apos;s later tokens wait for the prompts behind it</source>
        <translation>每個提示和每個回答同一長度（隨機詞元基準測試，帶 --ignore-eos、無長度範圍）：{engine} 在單獨的步中預填充等待中的提示，期間正在執行的請求等待（未開啟 --enable-mixed-chunk），因此一輪中的所有回答在同一步結束，每一輪都像第一輪一樣是一次突發：每個提示等待本輪中排在它前面的提示，每個請求之後的詞元等待排在它後面的提示</translation>
    </message>
    <message>
        <source>TensorRT-LLM batch waiting: new prompts held up to {steps} decode steps, then prefilled together (each waits for the whole batch)</source>
        <translation>TensorRT-LLM 批次等待：新提示最多等待 {steps} 個解碼步，然後一起預填充（每個提示都要等整批完成）</translation>
    </message>
    <message>
        <source>prompt lengths vary (standard deviation {cv:.2f} x the mean, gamma-distributed): they wait behind each other longer (M/G/1) and the P99 prompt ({long:,.0f} tokens) is prefilled longer</source>
        <translation>提示長度不一（標準差為平均值的 {cv:.2f} 倍，按伽瑪分布）：彼此排隊更久（M/G/1），P99 提示（{long:,.0f} 個詞元）預填充更久</translation>
    </message>
    <message>
        <source>every prompt {tokens:,} tokens long: P99 TTFT assumes no longer ones (give their spread, --input-len-cv, for a real mix)</source>
        <translation>每個提示都是 {tokens:,} 個詞元：P99 TTFT 未計入更長的提示（真實的長度分布請用 --input-len-cv 給出其離散度）</translation>
    </message>
    <message>
        <source>{engine} does not run on {gpu} (it is built for {platforms}): these figures price a deployment that cannot start; engines that run there: {others}</source>
        <translation>{engine} 無法在 {gpu} 上執行（它面向 {platforms}）：這些數字對應一個無法啟動的部署；可在該硬體上執行的引擎：{others}</translation>
    </message>
    <message>
        <source>attention data-parallel over the TP {tp} group: each GPU runs attention for its own requests with the attention weights whole ({gb:.1f} GB more a GPU); its KV cache holds only those requests</source>
        <translation>在 TP {tp} 組內注意力資料平行：每張 GPU 以完整的注意力權重為自己的請求計算注意力（每張 GPU 多 {gb:.1f} GB），其 KV 快取只保存這些請求</translation>
    </message>
    <message>
        <source>vLLM on Gaudi: MoE layers run every expert on every token below {tokens:.0f} tokens a step (static MoE), so decode reads all expert weights</source>
        <translation>Gaudi 上的 vLLM：每步少於 {tokens:.0f} 個詞元時，MoE 層對每個詞元執行全部專家（靜態 MoE），因此解碼讀取全部專家權重</translation>
    </message>
    <message>
        <source>vLLM on Gaudi: a step runs its decodes as one pass, then every new prompt as a pass of its own, so prompts that arrive together are prefilled one by one and each holds up the running requests&apos; next token</source>
        <translation>Gaudi 上的 vLLM：每一步先以一次前向運算處理所有解碼，再讓每個新提示詞各自單獨前向運算一次，因此同時抵達的提示詞逐一預填充，且每個都會延後執行中請求的下一個 token</translation>
    </message>
    <message>
        <source>offline run of {n} requests of the same length, all queued at once: it goes in waves of what the engine holds at once, the last one partly filled, and the throughput is over the whole run</source>
        <translation>離線執行 {n} 個等長請求，開始時全部排隊：依引擎一次能容納的請求數分批（波次）執行，最後一批不滿；吞吐量按整個執行計算</translation>
    </message>
    <message>
        <source>{engine}&apos;s step budget ({setting} {tokens:.0f} tokens) decodes {running} requests per replica at once against {prompt}-token prompts; {queued} more wait for their prompt&apos;s turn (TTFT includes it). Raise {setting} to decode more at once.</source>
        <translation>{engine} 的單步 token 預算（{setting} {tokens:.0f} 個 token）面對 {prompt} token 的提示詞，每個副本只能同時解碼 {running} 個請求；另有 {queued} 個等待輪到其提示詞（已計入 TTFT）。調大 {setting} 可同時解碼更多請求。</translation>
    </message>
    <message>
        <source>uniform lengths: here the clients&apos; rounds do not stay in step (requests wait for a slot, speculative decoding, or one prefill pass a prompt): estimated as prompts that arrive spread out</source>
        <translation>統一長度：此處各用戶端的輪次不會保持同步（請求在等待空位，推測解碼，或每個提示一次預填充）：按分散到達的提示估算</translation>
    </message>
    <message>
        <source>Let the engine run its default number of requests at once (drop the limit of {n})</source>
        <translation>讓引擎按預設值同時執行請求（取消 {n} 的上限）</translation>
    </message>
    <message>
        <source>Serve the weights in FP8</source>
        <translation>以 FP8 提供權重</translation>
    </message>
    <message>
        <source>Store the KV cache in FP8</source>
        <translation>以 FP8 儲存 KV 快取</translation>
    </message>
    <message>
        <source>Raise tensor parallelism to {tp}</source>
        <translation>將張量並行度提高到 {tp}</translation>
    </message>
    <message>
        <source>Add nodes: {n} in all (more model copies share the load)</source>
        <translation>增加節點：共 {n} 個（更多模型副本分擔負載）</translation>
    </message>
    <message>
        <source>Agree a P99 {label} target of {time} (met at this load)</source>
        <translation>議定 P99 {label} 目標為 {time}（此負載下可達到）</translation>
    </message>
    <message>
        <source>P99 TTFT {p99} misses the {target} target at {load}</source>
        <translation>P99 TTFT {p99}，在{load}時未達到 {target} 目標</translation>
    </message>
    <message>
        <source>P99 TTFT {p99} may miss the {target} target at {load} (within the model&apos;s +/- {band:.0%})</source>
        <translation>P99 TTFT {p99}，在{load}時可能達不到 {target} 目標（在模型的 +/- {band:.0%} 範圍內）</translation>
    </message>
    <message>
        <source>Mean TTFT {mean} (+/- {band:.0%}): prefill {prefill}, waiting behind other prompts {queue}, the step in flight {step}, request overhead {overhead}, the first round&apos;s burst (every client at once) {cold}. The target is a P99: with requests arriving at random at this rate ({rate:.3g}/s), 1 in 100 waits {p99} or more. Error beyond the band, warning within it.</source>
        <translation>平均 TTFT {mean}（+/- {band:.0%}）：預填充 {prefill}，排在其他提示之後等待 {queue}，正在執行的步驟 {step}，請求開銷 {overhead}，首輪突發（所有客戶端同時到達）{cold}。目標是 P99：請求以此速率（{rate:.3g}/秒）隨機到達時，每 100 個中有 1 個要等待 {p99} 或更久。超出置信區間為錯誤，區間內為警告。</translation>
    </message>
    <message>
        <source>Mean TPOT {mean:,.1f} ms (+/- {band:.0%}). The target is a P99 over requests of each request&apos;s own TPOT (time after its first token over its tokens, as MLPerf and vLLM&apos;s benchmark count it): {p99:,.1f} ms. A decode step that also prefills a new prompt takes {stall:,.0f} ms and holds up every running request, but a request averages its own steps; what spreads it is how many prompts join while it decodes and, with requests arriving at random, how many run beside it.</source>
        <translation>平均 TPOT {mean:,.1f} ms（+/- {band:.0%}）。目標是按請求統計的 P99：每個請求自身的 TPOT（首個詞元之後的時間除以其詞元數，與 MLPerf 和 vLLM 基準測試的計法相同）為 {p99:,.1f} ms。同時預填充新提示的解碼步驟耗時 {stall:,.0f} ms，會拖慢所有正在執行的請求，但每個請求取其自身各步的平均；拉開差距的是它解碼期間加入的提示數量，以及在請求隨機到達時與它同時執行的請求數量。</translation>
    </message>
    <message>
        <source>{n} concurrent request(s)</source>
        <translation>{n} 個並發請求</translation>
    </message>
    <message>
        <source>power limit {cap:g} W of {tdp:g} W: compute peak x {factor:.2f} = {tflops:.0f} TFLOPS (sustained clock taken as (limit / TDP)^{exp:g}: dynamic power grows with clock x voltage squared and voltage with clock); memory bandwidth unchanged</source>
        <translation>功耗限制 {cap:g} W（TDP {tdp:g} W）：運算峰值 x {factor:.2f} = {tflops:.0f} TFLOPS（持續時脈按 (限制 / TDP)^{exp:g} 計算：動態功耗隨時脈 x 電壓的平方增長，而電壓隨時脈增長）；顯示記憶體頻寬不變</translation>
    </message>
    <message>
        <source>{gpu} has no {compute} tensor cores: estimated as the engines run it, weight-only ({compute} weights in memory, GEMMs at the {peak} peak); serve {peak} or a GPU with {compute} support for the native speed</source>
        <translation>{gpu} 沒有 {compute} 張量核心：按推論引擎的實際執行方式估算，即僅權重量化（顯示記憶體中存放 {compute} 權重，GEMM 按 {peak} 峰值計算）；如需原生速度，請以 {peak} 提供服務，或選用支援 {compute} 的 GPU</translation>
    </message>
    <message>
        <source>{gpu} has no BF16 support: estimated as FP16 (what vLLM&apos;s --dtype half serves; same bytes)</source>
        <translation>{gpu} 不支援 BF16：按 FP16 估算（即 vLLM 的 --dtype half 所用格式；位元組數相同）</translation>
    </message>
    <message>
        <source>x clock at a {cap:g} W power limit</source>
        <translation>x {cap:g} W 功耗限制下的時脈係數</translation>
    </message>
    <message>
        <source>MLA: latent KV cache; decode attention in the absorbed form (more FLOPs per cached token); prompts attend uncompressed, keys of {dims} dimensions a head</source>
        <translation>MLA：潛在 KV 快取；解碼注意力採用吸收形式（每個快取詞元的 FLOPs 更多）；提示詞的注意力以未壓縮形式計算，每個頭的鍵為 {dims} 維</translation>
    </message>
    <message>
        <source>MoE: a step reads the experts its tokens hit (1-(1-k/E)^tokens); experts split whole over {ep} GPUs (expert parallelism); each token&apos;s expert outputs are written and summed in 16 bit</source>
        <translation>MoE：每步讀取其詞元命中的專家（1-(1-k/E)^n（n 為詞元數））；專家整體分布於 {ep} 張 GPU（專家平行）；每個詞元的專家輸出以 16 位元寫出並加總</translation>
    </message>
    <message>
        <source>MoE: a step reads the experts its tokens hit (1-(1-k/E)^tokens); experts split like TP, so every GPU writes and sums a 16-bit output for each token&apos;s every expert</source>
        <translation>MoE：每步讀取其詞元命中的專家（1-(1-k/E)^n（n 為詞元數））；專家按 TP 方式切分，因此每張 GPU 都要為每個詞元的每個專家寫出並加總一份 16 位元輸出</translation>
    </message>
    <message>
        <source>weights ({weights:.1f} GiB per GPU) + overhead do not fit in {usable:.1f} GiB usable: the numbers assume it would run</source>
        <translation>權重（每 GPU {weights:.1f} GiB）+ 開銷超出可用的 {usable:.1f} GiB：各項數值假定其仍能執行</translation>
    </message>
    <message>
        <source>not modelled: disaggregated prefill/decode; deployments using it differ from these figures</source>
        <translation>未建模：預填充/解碼分離部署；採用它的部署與這些數字不同</translation>
    </message>
    <message>
        <source>not modelled: speculative decoding (MTP, EAGLE; give its draft tokens to model it) and disaggregated prefill/decode; deployments using them differ from these figures</source>
        <translation>未建模：推測解碼（MTP、EAGLE；給出其草稿詞元數即可建模）以及預填充/解碼分離部署；採用它們的部署與這些數字不同</translation>
    </message>
    <message>
        <source>every prompt and every answer one length (a random-token benchmark with --ignore-eos and no length range): the clients&apos; rounds stay in step, so each later round&apos;s prompts arrive a step&apos;s token budget at a time, wait for the full prefill step in flight and are prefilled in a full step of their own, and each request decodes through the other prompts&apos; prefill steps</source>
        <translation>每個提示和每個回答同一長度（隨機詞元基準測試，帶 --ignore-eos、無長度範圍）：各用戶端的輪次保持同步，因此之後每一輪的提示每次以一步的詞元預算到達，等待正在進行的滿預填充步，再在自己的一個滿步中預填充；每個請求的解碼都要經過其他提示的預填充步</translation>
    </message>
    <message>
        <source>after the first round the clients&apos; requests arrive spread out, as prompts and answers of varied length keep them; a benchmark whose prompts and answers all have one length (vLLM&apos;s random dataset by default, with --ignore-eos) keeps its rounds in step and waits longer, which these figures do not show (the Workload panel&apos;s Uniform lengths box and estimate --uniform-lengths do)</source>
        <translation>第一輪之後，各用戶端的請求分散到達（長短不一的提示和回答使它們保持分散）；所有提示和回答同一長度的基準測試（vLLM 的隨機資料集預設如此，加 --ignore-eos）各輪保持同步，等待更久，這些數字未體現這一點（工作負載面板的「統一長度」選項和 estimate --uniform-lengths 可以估算）</translation>
    </message>
    <message>
        <source>KV cache {kv} by default: NVIDIA&apos;s NVFP4 checkpoints (ModelOpt) declare it and {engine} follows the checkpoint; give the KV precision for a checkpoint that declares none</source>
        <translation>預設 KV 快取為 {kv}：NVIDIA 的 NVFP4 檢查點（ModelOpt）宣告了該格式，{engine} 遵循檢查點；若檢查點未宣告，請指定 KV 精度</translation>
    </message>
    <message>
        <source>MoE: an expert&apos;s GEMM given m tokens in a step runs at m / (m + {half:.0f}) of its full efficiency (few tokens an expert fill a fraction of each tile)</source>
        <translation>MoE：一步中分到 m 個詞元的專家矩陣乘法以其滿效率的 m / (m + {half:.0f}) 執行（每個專家詞元少時，每個分塊只填滿一部分）</translation>
    </message>
    <message>
        <source>MoE: a prompt&apos;s prefill takes {floor_ms:.0f} ms of host work on top of its GPU time (the host launches the step outside CUDA graphs, {layer_us:.0f} us per layer)</source>
        <translation>MoE：請求的預填充在 GPU 時間之外另需 {floor_ms:.0f} ms 主機工作（主機在 CUDA 圖之外逐層發起運算，每層 {layer_us:.0f} 微秒）</translation>
    </message>
    <message>
        <source>as given</source>
        <translation>按給定值</translation>
    </message>
    <message>
        <source>taken as {a:.0%} acceptance a draft token; give your engine&apos;s logged accept length</source>
        <translation>按每個草稿詞元 {a:.0%} 的接受率取值；請給出推論引擎日誌記錄的接受長度</translation>
    </message>
    <message>
        <source>speculative decoding: {k} draft tokens a step, {accept:.2f} kept a request on average ({how}); a step is one verify pass over {q} tokens a request and {k} one-layer draft passes ({fixed:.1f} ms each besides their weights), so decode runs faster where a step is memory-bound and slower where it is compute-bound</source>
        <translation>推測解碼：每步 {k} 個草稿詞元，每個請求平均保留 {accept:.2f} 個（{how}）；一步包含一次對每個請求 {q} 個詞元的驗證前向，以及 {k} 次單層草稿前向（除權重讀取外每次 {fixed:.1f} ms），因此在記憶體頻寬受限的步驟中解碼更快，在運算受限的步驟中更慢</translation>
    </message>
    <message>
        <source>P99 time per output token {p99:,.1f} ms misses the {target:g} ms bound at {load}</source>
        <translation>P99 每輸出詞元時間 {p99:,.1f} ms，在{load}時超出 {target:g} ms 上限</translation>
    </message>
    <message>
        <source>P99 time per output token {p99:,.1f} ms may miss the {target:g} ms bound at {load} (within the model&apos;s +/- {band:.0%})</source>
        <translation>P99 每輸出詞元時間 {p99:,.1f} ms，在{load}時可能超出 {target:g} ms 上限（在模型的 +/- {band:.0%} 範圍內）</translation>
    </message>
    <message>
        <source>the engine runs {running} per model copy at once</source>
        <translation>引擎每個模型副本同時運行 {running} 個</translation>
    </message>
    <message>
        <source>the KV cache holds {running} per model copy</source>
        <translation>KV 快取每個模型副本可容納 {running} 個</translation>
    </message>
    <message>
        <source>{queued} of {load} wait: {why}</source>
        <translation>{load}中有 {queued} 個在等待：{why}</translation>
    </message>
    <message>
        <source>Build-wide the KV cache holds {kv} requests of this length; waiting requests count their wait in TTFT.</source>
        <translation>整個配置的 KV 快取可容納 {kv} 個此長度的請求；等待中的請求會把等待時間計入 TTFT。</translation>
    </message>
    <message>
        <source>Serves {rate:.3g} requests/s of the {need:.3g} asked for</source>
        <translation>可處理 {rate:.3g} 請求/秒（要求 {need:.3g}）</translation>
    </message>
    <message>
        <source>At {n} requests in flight (as many as the KV cache and the engine allow) the build completes {rate:.3g} requests/s (+/- {band:.0%}).</source>
        <translation>在 {n} 個請求同時處理時（KV 快取和引擎允許的上限），本配置每秒完成 {rate:.3g} 個請求（+/- {band:.0%}）。</translation>
    </message>
</context>
<context>
    <name>PerformanceCharts</name>
    <message>
        <source>Throughput and latency</source>
        <translation>吞吐量與延遲</translation>
    </message>
    <message>
        <source>concurrent requests (log scale)</source>
        <translation>並行請求數（對數刻度）</translation>
    </message>
    <message>
        <source>Output tokens/s, whole build</source>
        <translation>輸出詞元/秒（整套配置）</translation>
    </message>
    <message>
        <source>tok/s</source>
        <translation>詞元/秒</translation>
    </message>
    <message>
        <source>Output tokens/s per user</source>
        <translation>每使用者輸出詞元/秒</translation>
    </message>
    <message>
        <source>Time to first token (log scale)</source>
        <translation>首字延遲（對數刻度）</translation>
    </message>
    <message>
        <source>TTFT (ms)</source>
        <translation>TTFT（ms）</translation>
    </message>
    <message>
        <source>Time per output token</source>
        <translation>每輸出詞元時間</translation>
    </message>
    <message>
        <source>TPOT (ms)</source>
        <translation>TPOT（ms）</translation>
    </message>
    <message>
        <source>total</source>
        <translation>總計</translation>
    </message>
    <message>
        <source>per user</source>
        <translation>每使用者</translation>
    </message>
    <message>
        <source>No estimate.</source>
        <translation>無估算。</translation>
    </message>
    <message>
        <source>your load {0}</source>
        <translation>您的負載 {0}</translation>
    </message>
    <message>
        <source>KV cache full {0}</source>
        <translation>KV 快取滿 {0}</translation>
    </message>
    <message>
        <source>{setting} reached: {0}</source>
        <translation>已達 {setting}：{0}</translation>
    </message>
    <message>
        <source>meets targets to {0}</source>
        <translation>滿足目標至 {0}</translation>
    </message>
    <message>
        <source>target {0:g} ms</source>
        <translation>目標 {0:g} ms</translation>
    </message>
    <message>
        <source>scenario P99 {0:g} ms</source>
        <translation>場景 P99 {0:g} ms</translation>
    </message>
    <message>
        <source>Shaded: ± {band:.0%} on throughput, ± {lat:.0%} on TTFT (model error on published measurements). Peaks: {peaks}.</source>
        <translation>陰影：吞吐量 ± {band:.0%}，TTFT ± {lat:.0%}（模型相對公開測量值的誤差）。峰值：{peaks}。</translation>
    </message>
    <message>
        <source>{c} requests: {v}</source>
        <translation>{c} 個請求：{v}</translation>
    </message>
    <message>
        <source>{c} requests: {v:,.1f} {u}</source>
        <translation>{c} 個請求：{v:,.1f} {u}</translation>
    </message>
</context>
<context>
    <name>Placement</name>
    <message>
        <source>{name} is not placed in a slot</source>
        <translation>{name} 不安裝在插槽中</translation>
    </message>
    <message>
        <source>a {kind} slot does not take a {part}</source>
        <translation>{kind} 插槽不能安裝 {part}</translation>
    </message>
    <message>
        <source>slot {slot} already holds {other}</source>
        <translation>插槽 {slot} 已裝有 {other}</translation>
    </message>
    <message>
        <source>an M.2 drive goes in an M.2 slot, not a drive bay</source>
        <translation>M.2 硬碟應安裝在 M.2 插槽中，而非硬碟倉位</translation>
    </message>
    <message>
        <source>{psu} gives {rating:g} W; this chassis takes PSUs of at least {min:g} W</source>
        <translation>{psu} 輸出 {rating:g} W；該機箱要求電源至少為 {min:g} W</translation>
    </message>
    <message>
        <source>{gpu} is {w} slots wide and covers {covers} too; {blocked} is taken or does not exist</source>
        <translation>{gpu} 佔 {w} 個槽寬，還會佔用 {covers}；{blocked} 已被佔用或不存在</translation>
    </message>
    <message>
        <source>{gpu} in {slot} is {w} slots wide and covers this position</source>
        <translation>{slot} 中的 {gpu} 佔 {w} 個槽寬，已覆蓋此位置</translation>
    </message>
    <message>
        <source>{cpu} needs socket {socket}; this chassis has {have}</source>
        <translation>{cpu} 需要 {socket} 插座；該機箱為 {have}</translation>
    </message>
    <message>
        <source>{cpu} runs with at most {max} CPU(s) in a node; this would make {n}</source>
        <translation>{cpu} 每個節點最多支援 {max} 顆 CPU；此操作將使其達到 {n} 顆</translation>
    </message>
    <message>
        <source>{dimm} is {type}; the {cpu} in {slot} takes {takes}</source>
        <translation>{dimm} 為 {type}；{slot} 中的 {cpu} 需要 {takes}</translation>
    </message>
    <message>
        <source>only M.2 drives go in an M.2 slot</source>
        <translation>M.2 插槽只能安裝 M.2 硬碟</translation>
    </message>
    <message>
        <source>{part} does not go in {slot}: {reason}</source>
        <translation>{part} 不能安裝在 {slot}：{reason}</translation>
    </message>
    <message>
        <source>the bays take {accepted}, not {form}</source>
        <translation>硬碟倉位支援 {accepted}，不支援 {form}</translation>
    </message>
    <message>
        <source>{gpu} is a PCIe card; this chassis takes {form} modules on a baseboard</source>
        <translation>{gpu} 是 PCIe 卡；該機箱使用基板上的 {form} 模組</translation>
    </message>
    <message>
        <source>{gpu} is {w} slots wide; positions here take {max}</source>
        <translation>{gpu} 佔 {w} 個槽寬；此處 GPU 位只支援 {max} 個</translation>
    </message>
    <message>
        <source>{gpu} is an {form} module; this chassis takes {have}</source>
        <translation>{gpu} 是 {form} 模組；該機箱支援 {have}</translation>
    </message>
    <message>
        <source>{gpu} mounts on the {board} baseboard; this chassis takes {boards}</source>
        <translation>{gpu} 安裝在 {board} 基板上；此機箱支援 {boards}</translation>
    </message>
</context>
<context>
    <name>PowerCharts</name>
    <message>
        <source>Power and rack</source>
        <translation>功耗與機櫃</translation>
    </message>
    <message>
        <source>Node power by component</source>
        <translation>節點各零件功耗</translation>
    </message>
    <message>
        <source>W (DC)</source>
        <translation>W（直流）</translation>
    </message>
    <message>
        <source>Rack filled with nodes</source>
        <translation>機櫃裝滿節點後的佔用</translation>
    </message>
    <message>
        <source>% of the rack&apos;s limit</source>
        <translation>佔機櫃上限的 %</translation>
    </message>
    <message>
        <source>Choose a chassis to see power.</source>
        <translation>選擇機箱以檢視功耗。</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>typical</source>
        <translation>典型</translation>
    </message>
    <message>
        <source>Add parts to the build to see its power.</source>
        <translation>在配置中新增零件後即可檢視其功耗。</translation>
    </message>
    <message>
        <source>PSU capacity {w:,.0f} W ({mode})</source>
        <translation>電源容量 {w:,.0f} W（{mode}）</translation>
    </message>
    <message>
        <source>Rack figures need a chassis and power data.</source>
        <translation>機櫃資料需要機箱和功耗資料。</translation>
    </message>
    <message>
        <source>power</source>
        <translation>供電</translation>
    </message>
    <message>
        <source>rack units</source>
        <translation>機架空間</translation>
    </message>
    <message>
        <source>cooling</source>
        <translation>散熱</translation>
    </message>
    <message>
        <source>{n} node(s) per rack in {env}: {w:,.1f} kW of {budget:,.1f} kW usable; bound by {what}.</source>
        <translation>{env}中每機櫃 {n} 個節點：{w:,.1f} kW / 可用 {budget:,.1f} kW；受{what}限制。</translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>偏好設定</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>語言(&amp;L)：</translation>
    </message>
    <message>
        <source>System default ({0})</source>
        <translation>跟隨系統（{0}）</translation>
    </message>
    <message>
        <source>Numbers, money and dates follow the language. The open project stays as it is.</source>
        <translation>數字、金額和日期格式隨語言變化。已開啟的專案保持不變。</translation>
    </message>
</context>
<context>
    <name>Probe</name>
    <message>
        <source>warming up</source>
        <translation>預熱</translation>
    </message>
    <message>
        <source>memory bandwidth (STREAM triad)</source>
        <translation>顯示記憶體頻寬（STREAM triad）</translation>
    </message>
    <message>
        <source>memory bandwidth (STREAM scale)</source>
        <translation>顯示記憶體頻寬（STREAM scale）</translation>
    </message>
    <message>
        <source>BF16 GEMM</source>
        <translation>BF16 GEMM</translation>
    </message>
    <message>
        <source>FP16 GEMM</source>
        <translation>FP16 GEMM</translation>
    </message>
    <message>
        <source>FP8 GEMM</source>
        <translation>FP8 GEMM</translation>
    </message>
    <message>
        <source>batch-1 GEMV (decode)</source>
        <translation>批次大小 1 的 GEMV（解碼）</translation>
    </message>
    <message>
        <source>host-to-device copy</source>
        <translation>主機到裝置複製</translation>
    </message>
    <message>
        <source>device-to-host copy</source>
        <translation>裝置到主機複製</translation>
    </message>
    <message>
        <source>GPU-to-GPU copy</source>
        <translation>GPU 間複製</translation>
    </message>
    <message>
        <source>GPU-to-GPU copy, both directions</source>
        <translation>GPU 間雙向複製</translation>
    </message>
    <message>
        <source>CPU FP32 GEMM</source>
        <translation>CPU FP32 GEMM</translation>
    </message>
    <message>
        <source>CPU memory copy</source>
        <translation>CPU 記憶體複製</translation>
    </message>
    <message>
        <source>quick</source>
        <translation>快速</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完整</translation>
    </message>
    <message>
        <source>smoke</source>
        <translation>冒煙測試</translation>
    </message>
    <message>
        <source>inventory</source>
        <translation>僅盤點</translation>
    </message>
    <message>
        <source>{who}: {what}: {status} ({reason})</source>
        <translation>{who}：{what}：{status}（{reason}）</translation>
    </message>
    <message>
        <source>{who}: {what}: {value:,.1f} {unit}</source>
        <translation>{who}：{what}：{value:,.1f} {unit}</translation>
    </message>
    <message>
        <source> ({fraction:.2f} of datasheet peak)</source>
        <translation>（規格表峰值的 {fraction:.2f}）</translation>
    </message>
    <message>
        <source>Benchmarking with {python}</source>
        <translation>使用 {python} 進行基準測試</translation>
    </message>
    <message>
        <source>Benchmark engine: {engine} {version} ({platform}), {count} device(s)</source>
        <translation>基準測試引擎：{engine} {version}（{platform}），{count} 個裝置</translation>
    </message>
    <message>
        <source>device {n}</source>
        <translation>裝置 {n}</translation>
    </message>
    <message>
        <source>{who}: {phase}…</source>
        <translation>{who}：{phase}…</translation>
    </message>
    <message>
        <source>Starting the GPU benchmark worker…</source>
        <translation>正在啟動 GPU 基準測試程序…</translation>
    </message>
    <message>
        <source>timeout: {why}</source>
        <translation>逾時：{why}</translation>
    </message>
    <message>
        <source>Inference Sizer probe {version}, {mode} mode</source>
        <translation>Inference Sizer 偵測 {version}，{mode}模式</translation>
    </message>
    <message>
        <source>unknown CPU</source>
        <translation>未知 CPU</translation>
    </message>
    <message>
        <source>Host {host}: {cpu}, {threads} threads, {ram} RAM</source>
        <translation>主機 {host}：{cpu}，{threads} 執行緒，記憶體 {ram}</translation>
    </message>
    <message>
        <source>Found {count} GPU(s):</source>
        <translation>找到 {count} 張 GPU：</translation>
    </message>
    <message>
        <source>probe-calibrated, {date}, {host}</source>
        <translation>偵測校準，{date}，{host}</translation>
    </message>
    <message>
        <source> = catalog {id}</source>
        <translation> = 零件庫 {id}</translation>
    </message>
    <message>
        <source> (not in the catalog)</source>
        <translation>（不在零件庫中）</translation>
    </message>
    <message>
        <source>No GPU found.</source>
        <translation>未找到 GPU。</translation>
    </message>
    <message>
        <source>CPU benchmark (NumPy GEMM and memory copy)…</source>
        <translation>CPU 基準測試（NumPy GEMM 與記憶體複製）…</translation>
    </message>
    <message>
        <source>Probe finished: {status}, {count} figure(s) in {seconds:.0f} s</source>
        <translation>偵測完成：{status}，{seconds:.0f} 秒內取得 {count} 項數據</translation>
    </message>
</context>
<context>
    <name>ProbeDialog</name>
    <message>
        <source>Probe this machine…</source>
        <translation>偵測本機…</translation>
    </message>
    <message>
        <source>Measures this machine&apos;s GPUs (memory bandwidth, matrix throughput, host and GPU-to-GPU links) and stores the result so estimates for the same GPU can be calibrated. GPUs busy with other work are skipped. Nothing is sent anywhere.</source>
        <translation>測量本機 GPU（顯示記憶體頻寬、矩陣運算吞吐、主機及 GPU 間互聯），並儲存結果，用於校準同型號 GPU 的估算。正在執行其他任務的 GPU 會被跳過。不會向外傳送任何資料。</translation>
    </message>
    <message>
        <source>Quick run (about a minute)</source>
        <translation>快速執行（約一分鐘）</translation>
    </message>
    <message>
        <source>Ready.</source>
        <translation>就緒。</translation>
    </message>
    <message>
        <source>Progress appears here.</source>
        <translation>進度將顯示在此處。</translation>
    </message>
    <message>
        <source>Start probe</source>
        <translation>開始偵測</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <source>Cannot create a temporary folder: {0}</source>
        <translation>無法建立暫存資料夾：{0}</translation>
    </message>
    <message>
        <source>Probing… (this can take {0:.0f} s at most)</source>
        <translation>正在偵測…（最長約 {0:.0f} 秒）</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>The probe could not be started: {0}</source>
        <translation>無法啟動偵測：{0}</translation>
    </message>
    <message>
        <source>Cancelled: the probe was stopped.</source>
        <translation>已取消：偵測已停止。</translation>
    </message>
    <message>
        <source>Stopped: the probe did not finish within {0:.0f} s.</source>
        <translation>已停止：偵測未在 {0:.0f} 秒內完成。</translation>
    </message>
    <message>
        <source>The probe crashed. The lines above say how far it got.</source>
        <translation>偵測程式崩潰。上方輸出顯示了進行到哪一步。</translation>
    </message>
    <message>
        <source>The probe failed (exit code {0}). The lines above say why.</source>
        <translation>偵測失敗（結束代碼 {0}）。上方輸出說明了原因。</translation>
    </message>
    <message>
        <source>The probe&apos;s report was rejected: {0}</source>
        <translation>偵測報告被拒絕：{0}</translation>
    </message>
    <message>
        <source>The report could not be stored: {0}</source>
        <translation>無法儲存報告：{0}</translation>
    </message>
    <message>
        <source>Done: {0} GPU(s), status {1}. The report is stored as {2}.</source>
        <translation>完成：{0} 張 GPU，狀態 {1}。報告已儲存為 {2}。</translation>
    </message>
</context>
<context>
    <name>ProjectDocument</name>
    <message>
        <source>Fix: {0}</source>
        <translation>修復：{0}</translation>
    </message>
    <message>
        <source>Add {n} × {part}</source>
        <translation>新增 {n} × {part}</translation>
    </message>
    <message>
        <source>Replace with {part}</source>
        <translation>替換為 {part}</translation>
    </message>
    <message>
        <source>Move {src} to {dst}</source>
        <translation>將 {src} 移到 {dst}</translation>
    </message>
    <message>
        <source>Remove {n} part(s)</source>
        <translation>移除 {n} 個零件</translation>
    </message>
    <message>
        <source>Choose a model first.</source>
        <translation>請先選擇模型。</translation>
    </message>
    <message>
        <source>Change site to {0}</source>
        <translation>將場地改為 {0}</translation>
    </message>
    <message>
        <source>Site back to the preset&apos;s figures</source>
        <translation>場地恢復為預設數值</translation>
    </message>
    <message>
        <source>Change {0}</source>
        <translation>修改 {0}</translation>
    </message>
    <message>
        <source>&apos;{0}&apos; is not a chassis</source>
        <translation>「{0}」不是機箱</translation>
    </message>
    <message>
        <source>Change chassis to {0}</source>
        <translation>將機箱改為 {0}</translation>
    </message>
    <message>
        <source>Removed what does not fit {chassis}: {parts}</source>
        <translation>已移除不適合 {chassis} 的零件：{parts}</translation>
    </message>
    <message>
        <source>Add build {0}</source>
        <translation>新增配置 {0}</translation>
    </message>
    <message>
        <source>A project keeps at least one build.</source>
        <translation>專案至少保留一個配置。</translation>
    </message>
    <message>
        <source>Remove build {0}</source>
        <translation>刪除配置 {0}</translation>
    </message>
    <message>
        <source>Build names must be unique and not empty.</source>
        <translation>配置名稱必須唯一且不能為空。</translation>
    </message>
    <message>
        <source>Rename build to {0}</source>
        <translation>將配置重新命名為 {0}</translation>
    </message>
    <message>
        <source>Edit quote details</source>
        <translation>編輯報價資訊</translation>
    </message>
</context>
<context>
    <name>QuoteDialog</name>
    <message>
        <source>Quote details</source>
        <translation>報價資訊</translation>
    </message>
    <message>
        <source>Customer and project</source>
        <translation>客戶與專案</translation>
    </message>
    <message>
        <source>Company</source>
        <translation>公司</translation>
    </message>
    <message>
        <source>Contact</source>
        <translation>聯絡人</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>電子郵件</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>電話</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>Project name</source>
        <translation>專案名稱</translation>
    </message>
    <message>
        <source>Quote number</source>
        <translation>報價單號</translation>
    </message>
    <message>
        <source>Prepared by</source>
        <translation>編制人</translation>
    </message>
    <message>
        <source>Terms</source>
        <translation>條款</translation>
    </message>
    <message>
        <source>Fixed date (otherwise the day of each export)</source>
        <translation>固定日期（否則使用每次匯出當天的日期）</translation>
    </message>
    <message>
        <source>Quote date</source>
        <translation>報價日期</translation>
    </message>
    <message>
        <source>Valid for (days)</source>
        <translation>有效期限（天）</translation>
    </message>
    <message>
        <source>not stated</source>
        <translation>未註明</translation>
    </message>
    <message>
        <source>Discount (%)</source>
        <translation>折扣（%）</translation>
    </message>
    <message>
        <source>Tax (%)</source>
        <translation>稅率（%）</translation>
    </message>
    <message>
        <source>Tax name</source>
        <translation>稅項名稱</translation>
    </message>
    <message>
        <source>Tax, or e.g. VAT</source>
        <translation>預設為「稅額」，也可填如「營業稅」</translation>
    </message>
    <message>
        <source>Payment terms</source>
        <translation>付款條件</translation>
    </message>
    <message>
        <source>Delivery terms</source>
        <translation>交貨條件</translation>
    </message>
    <message>
        <source>Exchange rates</source>
        <translation>匯率</translation>
    </message>
    <message>
        <source>EUR=1.08, CNY=0.14</source>
        <translation>EUR=1.08, CNY=0.14</translation>
    </message>
    <message>
        <source>Notes (on the cover)</source>
        <translation>備註（印在封面）</translation>
    </message>
    <message>
        <source>Builds</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>In the quote</source>
        <translation>列入報價</translation>
    </message>
    <message>
        <source>Back to the default: builds with GPUs and no errors</source>
        <translation>恢復預設：有 GPU 且無錯誤的配置</translation>
    </message>
    <message>
        <source>A build without GPUs or with errors stays out of the quote unless you tick it; ticked, the quote marks it as a draft.</source>
        <translation>無 GPU 或有錯誤的配置不會列入報價，除非您勾選它；勾選後，報價會將其標示為草稿。</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>匯出…</translation>
    </message>
    <message>
        <source>Units of {currency} per unit of another currency, separated by commas. Where you give none, the price book&apos;s dated rates apply: {rates}</source>
        <translation>每 1 單位其他幣別折合的 {currency} 數額，以逗號分隔。未填寫的幣別採用參考價目表中註明日期的匯率：{rates}</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>{build}: ready</source>
        <translation>{build}：可下單</translation>
    </message>
    <message>
        <source>{n} error(s)</source>
        <translation>{n} 個錯誤</translation>
    </message>
    <message>
        <source>no GPUs</source>
        <translation>無 GPU</translation>
    </message>
    <message>
        <source>{build}: not ready ({why}); a draft if ticked</source>
        <translation>{build}：尚不可下單（{why}）；勾選後作為草稿</translation>
    </message>
    <message>
        <source>Use at most 4 decimal places.</source>
        <translation>最多使用 4 位小數。</translation>
    </message>
    <message>
        <source>Enter a whole number of days from 1 to {max}, or leave it empty.</source>
        <translation>請輸入 1 到 {max} 之間的整數天數，或留空。</translation>
    </message>
    <message>
        <source>Write each rate as a currency code and a number, like EUR=1.08; &apos;{item}&apos; is not.</source>
        <translation>每個匯率請寫成幣別代碼加數值，如 EUR=1.08；「{item}」不符合此格式。</translation>
    </message>
    <message>
        <source>The rate for {code} must be a positive number.</source>
        <translation>{code} 的匯率必須是正數。</translation>
    </message>
    <message>
        <source>{code} is this project&apos;s own currency: it needs no rate.</source>
        <translation>{code} 是本專案本身的幣別，無需匯率。</translation>
    </message>
    <message>
        <source>{code} is given twice.</source>
        <translation>{code} 重複填寫了。</translation>
    </message>
    <message>
        <source>A project needs a name.</source>
        <translation>專案必須有名稱。</translation>
    </message>
    <message>
        <source>This is not an e-mail address (like name@example.com).</source>
        <translation>這不是有效的電子郵件地址（例如 name@example.com）。</translation>
    </message>
    <message>
        <source>Enter a discount from 0 to 100 %.</source>
        <translation>請輸入 0 到 100 % 之間的折扣。</translation>
    </message>
    <message>
        <source>Enter a tax rate from 0 to 100 %.</source>
        <translation>請輸入 0 到 100 % 之間的稅率。</translation>
    </message>
    <message>
        <source>Choose at least one build to quote.</source>
        <translation>請至少選擇一個配置進行報價。</translation>
    </message>
    <message>
        <source>No build is ready (GPUs and no errors): tick the builds to quote; they print as drafts.</source>
        <translation>沒有可下單的配置（有 GPU 且無錯誤）：請勾選要報價的配置；它們將以草稿形式列印。</translation>
    </message>
    <message>
        <source>Too long: at most {n} characters.</source>
        <translation>過長：最多 {n} 個字元。</translation>
    </message>
    <message>
        <source>Not accepted: {reason}</source>
        <translation>未被接受：{reason}</translation>
    </message>
</context>
<context>
    <name>RackElevation</name>
    <message>
        <source>{0} rack(s), {1} node(s)</source>
        <translation>{0} 個機櫃，{1} 個節點</translation>
    </message>
    <message>
        <source>{0} kg</source>
        <translation>{0} kg</translation>
    </message>
    <message>
        <source>weight not stated</source>
        <translation>重量未註明</translation>
    </message>
    <message>
        <source>{0} kW max, {1} BTU/h</source>
        <translation>最大 {0} kW，{1} BTU/h</translation>
    </message>
    <message>
        <source>feed A {0} kW, feed B {1} kW</source>
        <translation>A 路 {0} kW，B 路 {1} kW</translation>
    </message>
    <message>
        <source>{0} U free</source>
        <translation>剩餘 {0} U</translation>
    </message>
    <message>
        <source>No rack elevation: not one node fits the site&apos;s rack.</source>
        <translation>無機櫃立面圖：該場地的機櫃連一個節點都放不下。</translation>
    </message>
    <message>
        <source>Node {0}
U{1}-U{2}</source>
        <translation>節點 {0}
U{1}-U{2}</translation>
    </message>
</context>
<context>
    <name>Recommend</name>
    <message>
        <source>one {gpu}</source>
        <translation>1 張 {gpu}</translation>
    </message>
    <message>
        <source>{count} x {gpu}</source>
        <translation>{count} x {gpu}</translation>
    </message>
    <message>
        <source>{nodes} nodes of {count} x {gpu}</source>
        <translation>{nodes} 個節點，每節點 {count} x {gpu}</translation>
    </message>
    <message>
        <source>{gpus} ({chassis}, {layout})</source>
        <translation>{gpus}（{chassis}，{layout}）</translation>
    </message>
    <message>
        <source>{precision} would fit {build}: accept {precision} weights and it qualifies ({price})</source>
        <translation>{precision} 可裝入 {build}：接受 {precision} 權重即可符合要求（{price}）</translation>
    </message>
    <message>
        <source>; {precisions} would work too</source>
        <translation>；{precisions} 也可行</translation>
    </message>
    <message>
        <source>the edge limit</source>
        <translation>邊緣環境上限</translation>
    </message>
    <message>
        <source>{gpu} is over the edge/office limit of {limit} per GPU: an enterprise machine room or a data center is needed for {build}</source>
        <translation>{gpu} 超出邊緣/辦公室環境每 GPU {limit} 的上限：{build} 需要企業機房或資料中心</translation>
    </message>
    <message>
        <source>; the {preset} preset ({kw:g} kW) has enough</source>
        <translation>；「{preset}」預設（{kw:g} kW）足夠</translation>
    </message>
    <message>
        <source>{node_w:,.0f} W of heat per node is more than {cooling} cooling removes</source>
        <translation>每節點發熱 {node_w:,.0f} W，超出 {cooling} 散熱能力</translation>
    </message>
    <message>
        <source>: plan {cooling} cooling</source>
        <translation>：請規劃 {cooling} 散熱</translation>
    </message>
    <message>
        <source> ({price})</source>
        <translation>（{price}）</translation>
    </message>
    <message>
        <source>the latency targets cannot be met at this load</source>
        <translation>在此負載下無法達到延遲目標</translation>
    </message>
    <message>
        <source>TTFT to {ms} ms (target {target:g})</source>
        <translation>TTFT 放寬至 {ms} ms（目標 {target:g}）</translation>
    </message>
    <message>
        <source>TPOT to {ms} ms (target {target:g})</source>
        <translation>TPOT 放寬至 {ms} ms（目標 {target:g}）</translation>
    </message>
    <message>
        <source> and </source>
        <translation>和</translation>
    </message>
    <message>
        <source>the load</source>
        <translation>負載</translation>
    </message>
    <message>
        <source>relax {what}: the closest build found that meets everything else, {build}, gives P99 TTFT {ttft:,.0f} ms and P99 TPOT {tpot:,.1f} ms at the load ({price})</source>
        <translation>放寬{what}：滿足其他所有要求的最接近配置 {build}，在該負載下 P99 TTFT 為 {ttft:,.0f} ms，P99 TPOT 為 {tpot:,.1f} ms（{price}）</translation>
    </message>
    <message>
        <source>allow {nodes} nodes (at most {limit} now): {build} carries the load ({price}); or lower the load</source>
        <translation>允許 {nodes} 個節點（目前最多 {limit} 個）：{build} 可承載該負載（{price}）；或降低負載</translation>
    </message>
    <message>
        <source>the builds that meet everything else have GPUs without a price, e.g. {build}: import a price list to check the budget</source>
        <translation>符合其他所有要求的配置所用 GPU 皆無價格，例如 {build}：請匯入價目表以核對預算</translation>
    </message>
    <message>
        <source>a budget of at least {total:,.0f} {currency} is needed: {build} is the cheapest build that meets everything else ({price})</source>
        <translation>預算至少需要 {total:,.0f} {currency}：{build} 是符合其他所有要求的最便宜配置（{price}）</translation>
    </message>
    <message>
        <source>consumer GeForce cards</source>
        <translation>消費級 GeForce 顯示卡</translation>
    </message>
    <message>
        <source>allow {what}: {build} would qualify ({price})</source>
        <translation>允許{what}：{build} 即可符合要求（{price}）</translation>
    </message>
    <message>
        <source>{model} reads at most {window:,} tokens per request; {input:,} in + {output:,} out = {context:,}: shorten the requests or pick a model with a longer window.</source>
        <translation>{model} 每個請求最多讀取 {window:,} 個詞元；輸入 {input:,} + 輸出 {output:,} = {context:,}：請縮短請求，或選擇上下文視窗更長的模型。</translation>
    </message>
    <message>
        <source>No GPU in the catalog holds {model} at any precision within {limit} node(s): allow more nodes or pick a smaller model.</source>
        <translation>零件庫中沒有任何 GPU 能在 {limit} 個節點內以任何精度裝下 {model}：請允許更多節點或選擇更小的模型。</translation>
    </message>
    <message>
        <source>relax both {what}: {build} misses only these ({reasons}); {price}</source>
        <translation>同時放寬{what}：{build} 僅未符合這些要求（{reasons}）；{price}</translation>
    </message>
    <message>
        <source>Nothing in the catalog meets these requirements, even with one or two relaxed. The closest, {build}, fails: {reasons}.</source>
        <translation>即使放寬一到兩項要求，零件庫中也沒有符合這些要求的配置。最接近的是 {build}，未通過：{reasons}。</translation>
    </message>
    <message>
        <source>Power: {node_w:,.0f} W max per node at the wall ({node_load_w:,.0f} W at the load); {nodes} node(s) = {power_w:,.0f} W ({load_w:,.0f} W at the load){rack}</source>
        <translation>功耗：每節點市電輸入端最大 {node_w:,.0f} W（負載下 {node_load_w:,.0f} W）；{nodes} 個節點 = {power_w:,.0f} W（負載下 {load_w:,.0f} W）{rack}</translation>
    </message>
    <message>
        <source>{chassis} has no GPU positions</source>
        <translation>{chassis} 沒有 GPU 安裝位</translation>
    </message>
    <message>
        <source>no CPU in the catalog fits {chassis}&apos;s {socket} socket with DIMMs of its memory type</source>
        <translation>零件庫中沒有適配 {chassis} 的 {socket} 插槽且有對應記憶體類型 DIMM 的 CPU</translation>
    </message>
    <message>
        <source>CPU: {sockets} x {cpu} = {cores} cores, {ghz:g} GHz base (&gt;= {per_gpu:g} per GPU and &gt;= {per_server:g} per server, base &gt;= {min_ghz:g} GHz)</source>
        <translation>CPU：{sockets} x {cpu} = {cores} 核，基礎頻率 {ghz:g} GHz（每 GPU &gt;= {per_gpu:g} 核且每伺服器 &gt;= {per_server:g} 核，基礎頻率 &gt;= {min_ghz:g} GHz）</translation>
    </message>
    <message>
        <source>RAM: {count} x {size} GB {speed} MT/s = {ram} GB, all {channels} channels at {dpc} per channel (target max({per_vram:g} x {vram:g} GB VRAM, {per_core:g} GB x {cores} cores) = {target:g} GB)</source>
        <translation>記憶體：{count} x {size} GB {speed} MT/s = {ram} GB，全部 {channels} 個通道每通道 {dpc} 條（目標 max({per_vram:g} x {vram:g} GB 顯示記憶體, {per_core:g} GB x {cores} 核) = {target:g} GB）</translation>
    </message>
    <message>
        <source>the largest even population gives {ram} GB RAM, below {target:g} GB</source>
        <translation>最大的均衡插法只有 {ram} GB 記憶體，低於 {target:g} GB</translation>
    </message>
    <message>
        <source> with model traffic across nodes</source>
        <translation>（模型流量跨節點）</translation>
    </message>
    <message>
        <source>Network: {count} x {nic} ({ports} x {speed:g} Gb/s{rdma}) for {gpus} GPU(s){across}: &gt;= {need:g} Gb/s</source>
        <translation>網路：{count} x {nic}（{ports} x {speed:g} Gb/s{rdma}），用於 {gpus} 張 GPU{across}：&gt;= {need:g} Gb/s</translation>
    </message>
    <message>
        <source>no NIC combination fits {chassis}&apos;s {slots} PCIe slots</source>
        <translation>沒有網路卡組合能裝入 {chassis} 的 {slots} 個 PCIe 插槽</translation>
    </message>
    <message>
        <source>System: {count} x {drive} ({size:g} GB) in RAID 1</source>
        <translation>系統碟：{count} x {drive}（{size:g} GB），RAID 1</translation>
    </message>
    <message>
        <source>no system drive pair fits {chassis}</source>
        <translation>沒有能裝入 {chassis} 的系統碟組</translation>
    </message>
    <message>
        <source>Data: {count} x {drive} = {total:,.0f} GB, {read:,.0f} MB/s (&gt;= max({min_gb:g} GB, 2 x weights): room for a second model version)</source>
        <translation>資料碟：{count} x {drive} = {total:,.0f} GB，{read:,.0f} MB/s（&gt;= max({min_gb:g} GB, 2 x 權重)：可再存放一個模型版本）</translation>
    </message>
    <message>
        <source>no data drive of {size:,.0f} GB fits {chassis}&apos;s bays</source>
        <translation>沒有 {size:,.0f} GB 的資料碟能裝入 {chassis} 的硬碟倉位</translation>
    </message>
    <message>
        <source>devices need {need} PCIe lanes; the CPUs give {have}</source>
        <translation>裝置需要 {need} 條 PCIe 通道；CPU 提供 {have} 條</translation>
    </message>
    <message>
        <source>PSUs: {count} x {psu} ({rating:g} W at {volts:g} V) for {load:,.0f} W max draw, {redundancy}</source>
        <translation>電源：{count} x {psu}（{volts:g} V 下 {rating:g} W），承載最大 {load:,.0f} W 功耗，{redundancy}</translation>
    </message>
    <message>
        <source>{chassis}&apos;s {bays} PSU bay(s) cannot carry {load:,.0f} W under {redundancy}</source>
        <translation>{chassis} 的 {bays} 個電源倉位在 {redundancy} 下無法承載 {load:,.0f} W</translation>
    </message>
    <message>
        <source>GPU price on request</source>
        <translation>GPU 價格另詢</translation>
    </message>
    <message>
        <source>; other parts {price}</source>
        <translation>；其他零件 {price}</translation>
    </message>
    <message>
        <source>from {price}</source>
        <translation>{price} 起</translation>
    </message>
    <message>
        <source>VRAM: {need:,.1f} of {usable:,.1f} GiB usable per GPU, {headroom:,.1f} GiB headroom; weights {weights:,.1f} GiB, loaded in about {load_s:,.0f} s</source>
        <translation>顯示記憶體：每 GPU 需要 {need:,.1f} GiB，可用 {usable:,.1f} GiB，餘量 {headroom:,.1f} GiB；權重 {weights:,.1f} GiB，載入約需 {load_s:,.0f} 秒</translation>
    </message>
    <message>
        <source>VRAM {need:,.1f} of {usable:,.1f} GiB per GPU</source>
        <translation>顯示記憶體 {need:,.1f} / {usable:,.1f} GiB（每 GPU）</translation>
    </message>
    <message>
        <source>Prices: catalog or imported prices; parts the catalog leaves unpriced take the reference price book&apos;s price (db/prices, dated and sourced; not a quotation); parts with neither are listed and not counted (the price is then a lower bound).</source>
        <translation>價格：採用零件庫價格或匯入的價格；零件庫中未定價的零件採用參考價目表中的價格（db/prices，註明日期和來源；非正式報價）；兩者皆無的零件會列出但不計入（此時價格為下限）。</translation>
    </message>
    <message>
        <source>{count} part(s) price on request</source>
        <translation>{count} 個零件價格另詢</translation>
    </message>
    <message>
        <source> ({notes})</source>
        <translation>（{notes}）</translation>
    </message>
    <message>
        <source>the scenario&apos;s P99 latency is read as the time between output tokens (TPOT), as MLPerf&apos;s server scenario bounds TPOT at P99; the performance model&apos;s estimate is compared with it</source>
        <translation>場景的 P99 延遲按輸出詞元間隔時間（TPOT）理解，與 MLPerf 伺服器場景在 P99 上約束 TPOT 的做法一致；效能模型的估算值與之比較</translation>
    </message>
    <message>
        <source>{count} concurrent requests</source>
        <translation>{count} 個並行請求</translation>
    </message>
    <message>
        <source>{qps:g} requests/s at peak</source>
        <translation>峰值 {qps:g} 請求/秒</translation>
    </message>
    <message>
        <source>{per_day:,.0f} requests/day x peak factor {factor:g} = {qps:.3g} requests/s at peak</source>
        <translation>{per_day:,.0f} 請求/天 x 峰值係數 {factor:g} = 峰值 {qps:.3g} 請求/秒</translation>
    </message>
    <message>
        <source>{nodes} nodes of {gpus}</source>
        <translation>{nodes} 個節點，每節點 {gpus}</translation>
    </message>
    <message>
        <source>{hardware} in {chassis}</source>
        <translation>{hardware}，機箱 {chassis}</translation>
    </message>
    <message>
        <source>at least {headroom:+.0%}</source>
        <translation>至少 {headroom:+.0%}</translation>
    </message>
    <message>
        <source>the GPU has no price in the catalog: the budget cannot be checked (import a price list)</source>
        <translation>零件庫中該 GPU 沒有價格：無法核對預算（請匯入價目表）</translation>
    </message>
    <message>
        <source>{gpu} is not among the GPUs asked for</source>
        <translation>{gpu} 不在指定的 GPU 之列</translation>
    </message>
    <message>
        <source>{precision} weights not accepted (accepted: {accepted})</source>
        <translation>不接受 {precision} 權重（可接受：{accepted}）</translation>
    </message>
    <message>
        <source>TTFT {ms} &gt; {target:g} ms</source>
        <translation>TTFT {ms} &gt; {target:g} ms</translation>
    </message>
    <message>
        <source>TPOT {ms:,.1f} ms &gt; {target:g} ms</source>
        <translation>TPOT {ms:,.1f} ms &gt; {target:g} ms</translation>
    </message>
    <message>
        <source>the targets are missed under load</source>
        <translation>負載下未達到目標</translation>
    </message>
    <message>
        <source>{plan}: even one request per model copy misses the targets ({detail})</source>
        <translation>{plan}：即使每個模型副本只處理一個請求也達不到目標（{detail}）</translation>
    </message>
    <message>
        <source>needs {nodes} nodes for the load; at most {limit} allowed</source>
        <translation>該負載需要 {nodes} 個節點；最多允許 {limit} 個</translation>
    </message>
    <message>
        <source>{gpu} draws {tdp:g} W; the site takes GPUs up to {limit:g} W</source>
        <translation>{gpu} 功耗 {tdp:g} W；該場地只接受不超過 {limit:g} W 的 GPU</translation>
    </message>
    <message>
        <source>one node draws at least {node_w:,.0f} W; the rack allows {usable_w:,.0f} W</source>
        <translation>單個節點功耗至少 {node_w:,.0f} W；機櫃允許 {usable_w:,.0f} W</translation>
    </message>
    <message>
        <source>one node gives off at least {node_w:,.0f} W; {cooling} cooling removes {ceiling_w:,.0f} W per rack</source>
        <translation>單個節點發熱至少 {node_w:,.0f} W；{cooling} 散熱每機櫃可帶走 {ceiling_w:,.0f} W</translation>
    </message>
    <message>
        <source>costs at least {price:,.0f} {currency}; budget {budget:,.0f}</source>
        <translation>費用至少 {price:,.0f} {currency}；預算 {budget:,.0f}</translation>
    </message>
    <message>
        <source>costs {price:,.0f} {currency}; budget {budget:,.0f}</source>
        <translation>費用 {price:,.0f} {currency}；預算 {budget:,.0f}</translation>
    </message>
    <message>
        <source>Rules&apos; fix applied: {fix}</source>
        <translation>已套用規則修正：{fix}</translation>
    </message>
    <message>
        <source>no performance estimate: {reason}</source>
        <translation>無效能估算：{reason}</translation>
    </message>
    <message>
        <source>P99 TTFT {ms} &gt; {target:g} ms</source>
        <translation>P99 TTFT {ms} &gt; {target:g} ms</translation>
    </message>
    <message>
        <source>P99 TPOT {ms:,.1f} ms &gt; {target:g} ms</source>
        <translation>P99 TPOT {ms:,.1f} ms &gt; {target:g} ms</translation>
    </message>
    <message>
        <source>{count} request(s) per model copy wait for a scheduler slot ({engine} runs {running} at once: {setting})</source>
        <translation>每個模型副本有 {count} 個請求在等待排程空位（{engine} 同時執行 {running} 個：{setting}）</translation>
    </message>
    <message>
        <source>{count} request(s) per model copy wait for KV-cache space</source>
        <translation>每個模型副本有 {count} 個請求在等待 KV 快取空間</translation>
    </message>
    <message>
        <source>serves {rate:.3g} requests/s of {load:.3g}</source>
        <translation>可處理 {rate:.3g} 請求/秒（需 {load:.3g}）</translation>
    </message>
    <message>
        <source>at the load ({load}): {missed}</source>
        <translation>在該負載下（{load}）：{missed}</translation>
    </message>
    <message>
        <source>concurrent requests</source>
        <translation>個並行請求</translation>
    </message>
    <message>
        <source>requests/s</source>
        <translation>請求/秒</translation>
    </message>
    <message>
        <source>P99 TTFT {ms} (target {target:g}, +/- {band:.0%})</source>
        <translation>P99 TTFT {ms}（目標 {target:g}，+/- {band:.0%}）</translation>
    </message>
    <message>
        <source>P99 TTFT {ms} of {target:g} ms</source>
        <translation>P99 TTFT {ms} / {target:g} ms</translation>
    </message>
    <message>
        <source>P99 TPOT {ms:,.1f} ms (target {target:g}, +/- {band:.0%})</source>
        <translation>P99 TPOT {ms:,.1f} ms（目標 {target:g}，+/- {band:.0%}）</translation>
    </message>
    <message>
        <source>P99 TPOT {ms:,.1f} of {target:g} ms</source>
        <translation>P99 TPOT {ms:,.1f} / {target:g} ms</translation>
    </message>
    <message>
        <source>TTFT {ms}</source>
        <translation>TTFT {ms}</translation>
    </message>
    <message>
        <source>a {need_kw:g} kW rack is needed: {build} draws {node_w:,.0f} W per node at the wall and the {environment} rack gives {usable_w:,.0f} W</source>
        <translation>需要 {need_kw:g} kW 的機櫃：{build} 每節點市電輸入端功耗 {node_w:,.0f} W，而{environment}機櫃只能提供 {usable_w:,.0f} W</translation>
    </message>
    <message>
        <source>reference prices: {parts}</source>
        <translation>參考價：{parts}</translation>
    </message>
    <message>
        <source>TPOT {ms:,.1f} ms</source>
        <translation>TPOT {ms:,.1f} ms</translation>
    </message>
    <message>
        <source>Latency at {concurrency} concurrent request(s): {figures}</source>
        <translation>{concurrency} 個並行請求時的延遲：{figures}</translation>
    </message>
    <message>
        <source>{count} model copy</source>
        <translation>{count} 個模型副本</translation>
    </message>
    <message>
        <source>{count} model copies</source>
        <translation>{count} 個模型副本</translation>
    </message>
    <message>
        <source>Throughput: {rate:,.3g} requests/s, {tps:,.0f} output tok/s; </source>
        <translation>吞吐量：{rate:,.3g} 請求/秒，{tps:,.0f} 輸出詞元/秒；</translation>
    </message>
    <message>
        <source>{capacity:,.3g}{capped} {unit} within the targets for a load of {load:,.3g} ({copies})</source>
        <translation>符合目標時可承載 {capacity:,.3g}{capped} {unit}，負載為 {load:,.3g}（{copies}）</translation>
    </message>
    <message>
        <source>load {load:,.3g} of {capacity:,.3g} {unit}</source>
        <translation>負載 {load:,.3g} / {capacity:,.3g} {unit}</translation>
    </message>
    <message>
        <source>; {count} node(s) per rack (limited by {limit})</source>
        <translation>；每機櫃 {count} 個節點（受{limit}限制）</translation>
    </message>
    <message>
        <source>, {count} rack(s)</source>
        <translation>，{count} 個機櫃</translation>
    </message>
    <message>
        <source>rack power {node_w:,.0f} of {usable_w:,.0f} W per node</source>
        <translation>機櫃供電 {node_w:,.0f} / {usable_w:,.0f} W（每節點）</translation>
    </message>
    <message>
        <source>cooling {node_w:,.0f} of {limit_w:,.0f} W per rack</source>
        <translation>散熱 {node_w:,.0f} / {limit_w:,.0f} W（每機櫃）</translation>
    </message>
    <message>
        <source>PSUs {load_w:,.0f} of {usable_w:,.0f} W ({redundancy})</source>
        <translation>電源 {load_w:,.0f} / {usable_w:,.0f} W（{redundancy}）</translation>
    </message>
    <message>
        <source>budget {price:,.0f} of {budget:,.0f}</source>
        <translation>預算 {price:,.0f} / {budget:,.0f}</translation>
    </message>
    <message>
        <source>Price: {price}</source>
        <translation>價格：{price}</translation>
    </message>
    <message>
        <source>Rules: no errors, {count} warning(s)</source>
        <translation>規則：無錯誤，{count} 個警告</translation>
    </message>
    <message>
        <source>Rules: no errors, no warnings</source>
        <translation>規則：無錯誤，無警告</translation>
    </message>
    <message>
        <source>{what} ({ratio:.0%})</source>
        <translation>{what}（{ratio:.0%}）</translation>
    </message>
    <message>
        <source>Load: {load}; {input} input + {output} output tokens per request.</source>
        <translation>負載：{load}；每個請求輸入 {input} + 輸出 {output} 個詞元。</translation>
    </message>
    <message>
        <source>Targets ({scenario}): </source>
        <translation>目標（{scenario}）：</translation>
    </message>
    <message>
        <source>TTFT &lt;= {target:g} ms</source>
        <translation>TTFT &lt;= {target:g} ms</translation>
    </message>
    <message>
        <source>no TTFT bound</source>
        <translation>不限 TTFT</translation>
    </message>
    <message>
        <source>, TPOT &lt;= {target:g} ms</source>
        <translation>，TPOT &lt;= {target:g} ms</translation>
    </message>
    <message>
        <source>, no TPOT bound</source>
        <translation>，不限 TPOT</translation>
    </message>
    <message>
        <source>; {meaning}.</source>
        <translation>；{meaning}。</translation>
    </message>
    <message>
        <source>KV cache {kv}; engine {engine}; PSU redundancy {redundancy}; at most {nodes} node(s).</source>
        <translation>KV 快取 {kv}；推論引擎 {engine}；電源備援 {redundancy}；最多 {nodes} 個節點。</translation>
    </message>
    <message>
        <source>Prices: catalog prices only; unpriced parts are listed and not counted (the price is a lower bound).</source>
        <translation>價格：僅採用零件庫價格；未定價零件會列出但不計入（價格為下限）。</translation>
    </message>
    <message>
        <source>One build per GPU configuration is shown (its best chassis); the search stops once no other option can enter the top list.</source>
        <translation>每種 GPU 配置只顯示一個方案（其最佳機箱）；當其他選項都不可能進入前列時，搜尋即停止。</translation>
    </message>
    <message>
        <source>Consumer GeForce cards are left out (driver licence, open-air coolers); allow them to include them.</source>
        <translation>已排除消費級 GeForce 顯示卡（驅動程式授權、開放式散熱器）；如需納入，請允許使用。</translation>
    </message>
    <message>
        <source>attention data-parallel</source>
        <translation>注意力資料平行</translation>
    </message>
    <message>
        <source>expert parallel</source>
        <translation>專家平行</translation>
    </message>
    <message>
        <source>What the latency targets cost (cheapest build that qualifies):</source>
        <translation>延遲目標的代價（滿足要求的最便宜配置）：</translation>
    </message>
    <message>
        <source>P99 TTFT {ms:g} ms</source>
        <translation>P99 TTFT {ms:g} ms</translation>
    </message>
    <message>
        <source>P99 TPOT {ms:g} ms</source>
        <translation>P99 TPOT {ms:g} ms</translation>
    </message>
    <message>
        <source>as asked</source>
        <translation>按要求</translation>
    </message>
    <message>
        <source>{factor:g} x looser</source>
        <translation>放寬 {factor:g} 倍</translation>
    </message>
    <message>
        <source>nothing qualifies</source>
        <translation>沒有滿足要求的配置</translation>
    </message>
    <message>
        <source>{build} (GPU price on request)</source>
        <translation>{build}（GPU 價格另洽）</translation>
    </message>
    <message>
        <source>{price:,.0f} {currency}: {build}</source>
        <translation>{price:,.0f} {currency}：{build}</translation>
    </message>
    <message>
        <source>from {price:,.0f} {currency} (parts on request): {build}</source>
        <translation>{price:,.0f} {currency} 起（部分零件價格另洽）：{build}</translation>
    </message>
    <message>
        <source>{label}: {targets}: {what}</source>
        <translation>{label}：{targets}：{what}</translation>
    </message>
    <message>
        <source>{gpu} is a consumer card (excluded: GeForce drivers are not licensed for data centers and open-air coolers fight server airflow)</source>
        <translation>{gpu} 是消費級顯示卡（已排除：GeForce 驅動程式未授權用於資料中心，且開放式散熱器與伺服器風道相衝突）</translation>
    </message>
    <message>
        <source>gpu</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>latency</source>
        <translation>延遲</translation>
    </message>
    <message>
        <source>nodes</source>
        <translation>節點數</translation>
    </message>
    <message>
        <source>environment</source>
        <translation>環境</translation>
    </message>
    <message>
        <source>budget</source>
        <translation>預算</translation>
    </message>
    <message>
        <source>rules</source>
        <translation>規則</translation>
    </message>
</context>
<context>
    <name>RecommendDialog</name>
    <message>
        <source>Build</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>價格</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>餘量</translation>
    </message>
    <message>
        <source>Binds</source>
        <translation>制約因素</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>on request</source>
        <translation>價格另詢</translation>
    </message>
    <message>
        <source>from {0}</source>
        <translation>{0} 起</translation>
    </message>
    <message>
        <source>{0} nodes of {1}</source>
        <translation>{0} 個節點，每個 {1}</translation>
    </message>
    <message>
        <source>Sizing assistant</source>
        <translation>選型助手</translation>
    </message>
    <message>
        <source>Real-time chat (TTFT &lt; 100 ms, P99 &lt; 200 ms)</source>
        <translation>即時對話（TTFT &lt; 100 ms，P99 &lt; 200 ms）</translation>
    </message>
    <message>
        <source>Code completion (TTFT &lt; 200 ms, P99 &lt; 500 ms)</source>
        <translation>程式碼補全（TTFT &lt; 200 ms，P99 &lt; 500 ms）</translation>
    </message>
    <message>
        <source>Document summarisation (TTFT &lt; 1 s, P99 &lt; 5 s)</source>
        <translation>文件摘要（TTFT &lt; 1 s，P99 &lt; 5 s）</translation>
    </message>
    <message>
        <source>RAG (TTFT &lt; 300 ms, P99 &lt; 1 s)</source>
        <translation>RAG（TTFT &lt; 300 ms，P99 &lt; 1 s）</translation>
    </message>
    <message>
        <source>Batch analytics (no latency target)</source>
        <translation>批次分析（無延遲目標）</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>scenario&apos;s</source>
        <translation>按場景</translation>
    </message>
    <message>
        <source>Concurrent requests</source>
        <translation>並行請求數</translation>
    </message>
    <message>
        <source>Requests per second (peak)</source>
        <translation>每秒請求數（峰值）</translation>
    </message>
    <message>
        <source>Requests per day</source>
        <translation>每日請求數</translation>
    </message>
    <message>
        <source> tok</source>
        <translation> 詞元</translation>
    </message>
    <message>
        <source>Custom (give the rack power)</source>
        <translation>自訂（填寫機櫃功率）</translation>
    </message>
    <message>
        <source> kW</source>
        <translation> kW</translation>
    </message>
    <message>
        <source>preset</source>
        <translation>預設</translation>
    </message>
    <message>
        <source>preset or the type&apos;s</source>
        <translation>預設值或該散熱類型的數值</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>default (70 % a draft token)</source>
        <translation>預設（每個草稿詞元 70 %）</translation>
    </message>
    <message>
        <source>Tokens a speculative step keeps per request on average, as your engine logs it: between 1 and the draft tokens + 1</source>
        <translation>推測解碼每步平均為每個請求保留的詞元數，即推論引擎日誌記錄的值：介於 1 與草稿詞元數 + 1 之間</translation>
    </message>
    <message>
        <source>Lowest price</source>
        <translation>價格最低</translation>
    </message>
    <message>
        <source>Lowest $ per million tokens</source>
        <translation>每百萬詞元成本最低</translation>
    </message>
    <message>
        <source>Lowest power</source>
        <translation>功耗最低</translation>
    </message>
    <message>
        <source>Most headroom</source>
        <translation>餘量最大</translation>
    </message>
    <message>
        <source>Allow consumer GeForce cards</source>
        <translation>允許消費級 GeForce 顯示卡</translation>
    </message>
    <message>
        <source>1. Model and quantisation</source>
        <translation>1. 模型與量化</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Weights (none = any)</source>
        <translation>權重（無 = 任意）</translation>
    </message>
    <message>
        <source>2. Latency scenario</source>
        <translation>2. 延遲場景</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>場景</translation>
    </message>
    <message>
        <source>TTFT target</source>
        <translation>TTFT 目標</translation>
    </message>
    <message>
        <source>Per-token target</source>
        <translation>每詞元目標</translation>
    </message>
    <message>
        <source>3. Load</source>
        <translation>3. 負載</translation>
    </message>
    <message>
        <source>Load given as</source>
        <translation>負載表示方式</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>負載</translation>
    </message>
    <message>
        <source>Peak factor</source>
        <translation>峰值係數</translation>
    </message>
    <message>
        <source>Input per request</source>
        <translation>每請求輸入</translation>
    </message>
    <message>
        <source>Input length spread</source>
        <translation>輸入長度離散度</translation>
    </message>
    <message>
        <source>Output per request</source>
        <translation>每請求輸出</translation>
    </message>
    <message>
        <source>Speculative draft tokens</source>
        <translation>推測草稿詞元數</translation>
    </message>
    <message>
        <source>Acceptance length</source>
        <translation>接受長度</translation>
    </message>
    <message>
        <source>4. Deployment and budget</source>
        <translation>4. 部署與預算</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>部署環境</translation>
    </message>
    <message>
        <source>Rack power</source>
        <translation>機櫃功率</translation>
    </message>
    <message>
        <source>Cooling</source>
        <translation>散熱</translation>
    </message>
    <message>
        <source>Cooling per rack</source>
        <translation>每機櫃散熱能力</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>預算</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>幣別</translation>
    </message>
    <message>
        <source>Rank by</source>
        <translation>排序依據</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>顯示</translation>
    </message>
    <message>
        <source>Answer the four questions and press Search.</source>
        <translation>回答這四個問題後按「搜尋」。</translation>
    </message>
    <message>
        <source>Ready.</source>
        <translation>就緒。</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>搜尋</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Open as new build</source>
        <translation>作為新配置開啟</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <source>Check the answers: {0}</source>
        <translation>請檢查答案：{0}</translation>
    </message>
    <message>
        <source>Searching the catalog…</source>
        <translation>正在搜尋零件庫…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>The search failed: {0}</source>
        <translation>搜尋失敗：{0}</translation>
    </message>
    <message>
        <source>{0} build(s) shown; {1} checked in {2:.2f} s.</source>
        <translation>顯示 {0} 個配置；{2:.2f} 秒內檢查了 {1} 個。</translation>
    </message>
    <message>
        <source>Nothing in the catalog meets these requirements.</source>
        <translation>零件庫中沒有滿足這些要求的配置。</translation>
    </message>
    <message>
        <source>Opened {0} as a new build.</source>
        <translation>已將 {0} 作為新配置開啟。</translation>
    </message>
    <message>
        <source>What binds</source>
        <translation>制約因素</translation>
    </message>
    <message>
        <source>Why it qualifies</source>
        <translation>為何符合要求</translation>
    </message>
    <message>
        <source>Nearest cheaper build that fails</source>
        <translation>最接近的更便宜但不達標的配置</translation>
    </message>
    <message>
        <source>None found among the builds checked.</source>
        <translation>在檢查過的配置中未找到。</translation>
    </message>
    <message>
        <source>How the host was chosen</source>
        <translation>主機如何選定</translation>
    </message>
    <message>
        <source>Assumptions</source>
        <translation>假設</translation>
    </message>
    <message>
        <source>Nothing in the catalog meets these requirements</source>
        <translation>零件庫中沒有滿足這些要求的配置</translation>
    </message>
    <message>
        <source>Relax one of them:</source>
        <translation>請放寬其中一項：</translation>
    </message>
</context>
<context>
    <name>Rules</name>
    <message>
        <source>plan {cooling} cooling ({kw:g} kW per rack)</source>
        <translation>規劃{cooling}散熱（每機櫃 {kw:g} kW）</translation>
    </message>
    <message>
        <source>{chassis} cools GPUs up to {limit:,g} W with air; {gpu} is rated {tdp:,g} W.</source>
        <translation>{chassis} 風冷最多支援 {limit:,g} W 的 GPU；{gpu} 的額定功耗為 {tdp:,g} W。</translation>
    </message>
    <message>
        <source>{gpu} ({tdp:,g} W) needs the liquid-cooled version of {chassis}</source>
        <translation>{gpu}（{tdp:,g} W）需要 {chassis} 的液冷版本</translation>
    </message>
    <message>
        <source>The site has {cooling} cooling and the chassis has a liquid option: order that.</source>
        <translation>機房採用{cooling}散熱，且該機箱有液冷選項：請訂購液冷版本。</translation>
    </message>
    <message>
        <source>use {gpu} ({tdp:,g} W, {vram:g} GB)</source>
        <translation>改用 {gpu}（{tdp:,g} W，{vram:g} GB）</translation>
    </message>
    <message>
        <source>A liquid-cooled version exists: choose direct-liquid cooling for the site and order it.</source>
        <translation>該機箱有液冷版本：請為機房選擇直接液冷並訂購液冷版本。</translation>
    </message>
    <message>
        <source>{gpu} ({tdp:,g} W) exceeds {chassis}&apos;s {limit:,g} W air-cooled limit</source>
        <translation>{gpu}（{tdp:,g} W）超出 {chassis} 的 {limit:,g} W 風冷上限</translation>
    </message>
    <message>
        <source>One node gives off {node:,.0f} W ({btu:,.0f} BTU/h); {cooling} cooling removes {ceiling:,.0f} W per rack</source>
        <translation>單個節點發熱 {node:,.0f} W（{btu:,.0f} BTU/h）；{cooling}散熱每機櫃只能帶走 {ceiling:,.0f} W</translation>
    </message>
    <message>
        <source>Heat = wall power: {node:,.0f} W x {bpw:g} = {btu:,.0f} BTU/h per node. Above the air ceiling: rear-door heat exchanger or direct liquid cooling.</source>
        <translation>發熱量 = 輸入功率：{node:,.0f} W x {bpw:g} = 每節點 {btu:,.0f} BTU/h。超出風冷上限時：採用背板換熱器或直接液冷。</translation>
    </message>
    <message>
        <source>Cooling limits the rack to {n} node(s); power and space allow {without}</source>
        <translation>散熱將每機櫃限制為 {n} 個節點；供電和空間允許 {without} 個</translation>
    </message>
    <message>
        <source>{nodes} nodes x {node:,.0f} W = {heat:,.0f} W ({btu:,.0f} BTU/h) per rack vs {ceiling:,.0f} W for {cooling}. {per_rack} Racks: {now} with this cooling, {then} with stronger cooling.</source>
        <translation>{nodes} 個節點 x {node:,.0f} W = 每機櫃 {heat:,.0f} W（{btu:,.0f} BTU/h），而{cooling}散熱上限為 {ceiling:,.0f} W。{per_rack} 機櫃數：目前散熱需 {now} 個，更強散熱需 {then} 個。</translation>
    </message>
    <message>
        <source>{gpu} has an open-air cooler; {chassis} blows air front to back</source>
        <translation>{gpu} 採用開放式風扇散熱；{chassis} 為前進後出風道</translation>
    </message>
    <message>
        <source>Consumer cards exhaust heat into the case and fight the server&apos;s fans; packed side by side they throttle. Prefer a passive data-center card (e.g. L40S, L20) or a workstation chassis.</source>
        <translation>消費級顯示卡把熱量排入機箱內部，與伺服器風扇氣流相衝突；並排密集安裝時會降頻。建議選用被動散熱的資料中心卡（如 L40S、L20）或工作站機箱。</translation>
    </message>
    <message>
        <source>remove {part} from {slot}</source>
        <translation>從 {slot} 移除 {part}</translation>
    </message>
    <message>
        <source>Chassis &apos;{id}&apos; is a {kind}, not a chassis</source>
        <translation>機箱「{id}」是{kind}，不是機箱</translation>
    </message>
    <message>
        <source>Chassis &apos;{id}&apos; is not in the catalog</source>
        <translation>機箱「{id}」不在零件庫中</translation>
    </message>
    <message>
        <source>Slots, power and cooling checks need the chassis; they are skipped until it is chosen.</source>
        <translation>插槽、供電和散熱檢查需要機箱；選定機箱前將跳過這些檢查。</translation>
    </message>
    <message>
        <source>Part &apos;{id}&apos; is not in the catalog</source>
        <translation>零件「{id}」不在零件庫中</translation>
    </message>
    <message>
        <source>{n} slot(s) hold &apos;{id}&apos;, which this catalog does not have (deleted, or a project from another catalog). It counts for nothing in the other checks.</source>
        <translation>{n} 個插槽裝有「{id}」，但目前零件庫中沒有該零件（已刪除，或專案來自其他零件庫）。其他檢查不計入該零件。</translation>
    </message>
    <message>
        <source>remove &apos;{id}&apos;</source>
        <translation>移除「{id}」</translation>
    </message>
    <message>
        <source>{chassis} has no slot {slot}</source>
        <translation>{chassis} 沒有插槽 {slot}</translation>
    </message>
    <message>
        <source>The chassis has {gpus} GPU positions, {sockets} sockets, {dimms} DIMM slots per socket, {psus} PSU bays, {pcie} PCIe slots, {bays} drive bays and {m2} M.2 slots; &apos;{part}&apos; in {slot} is not counted.</source>
        <translation>該機箱有 {gpus} 個 GPU 位、{sockets} 個 CPU 插槽、每個 CPU 插槽 {dimms} 個記憶體插槽、{psus} 個電源倉位、{pcie} 個 PCIe 插槽、{bays} 個硬碟倉位和 {m2} 個 M.2 插槽；{slot} 中的「{part}」不計入。</translation>
    </message>
    <message>
        <source>A model is part of the workload, not of the hardware; it is not counted where it is.</source>
        <translation>模型屬於工作負載而非硬體；放在此處不計入。</translation>
    </message>
    <message>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <source>no</source>
        <translation>無</translation>
    </message>
    <message>
        <source>A {kind} goes in {slots} slots; it is not counted where it is.</source>
        <translation>{kind} 只能裝在 {slots} 插槽中；放在此處不計入。</translation>
    </message>
    <message>
        <source>{kind} &apos;{part}&apos; cannot sit in {slot_kind} slot {slot}</source>
        <translation>{kind}「{part}」不能裝在 {slot_kind} 插槽 {slot} 中</translation>
    </message>
    <message>
        <source>{form} modules mount on a vendor baseboard (e.g. HGX) in a chassis built for it; this chassis has PCIe slots (DOMAIN.md: SXM/OAM modules need their baseboard chassis).</source>
        <translation>{form} 模組安裝在廠商基板（如 HGX）上，需要專用機箱；該機箱只有 PCIe 插槽（DOMAIN.md：SXM/OAM 模組需要配套基板的機箱）。</translation>
    </message>
    <message>
        <source>This chassis&apos; GPU positions are {form} sockets on a baseboard (DOMAIN.md: SXM/OAM modules need their baseboard chassis).</source>
        <translation>該機箱的 GPU 位是基板上的 {form} 插座（DOMAIN.md：SXM/OAM 模組需要配套基板的機箱）。</translation>
    </message>
    <message>
        <source>{form} and {other} modules are not interchangeable (DOMAIN.md: SXM/OAM modules need their baseboard chassis).</source>
        <translation>{form} 與 {other} 模組不能互換（DOMAIN.md：SXM/OAM 模組需要配套基板的機箱）。</translation>
    </message>
    <message>
        <source>use {gpu} ({vram:g} GB, {form}) instead</source>
        <translation>改用 {gpu}（{vram:g} GB，{form}）</translation>
    </message>
    <message>
        <source>stops at its maximum; runs at the client&apos;s load</source>
        <translation>最大功耗下停機；客戶負載下可持續運作</translation>
    </message>
    <message>
        <source>at its maximum only capped at {cap:,.0f} W per GPU; runs at the client&apos;s load</source>
        <translation>最大功耗下需將每個 GPU 限制在 {cap:,.0f} W；客戶負載下可持續運作</translation>
    </message>
    <message>
        <source>Not even the lowest power limit the GPUs&apos; datasheet allows ({low:,.0f} W) is enough.</source>
        <translation>即使採用 GPU 規格表允許的最低功耗限制（{low:,.0f} W）也不夠。</translation>
    </message>
    <message>
        <source>{gpu} runs at {tdp:,g} W; {chassis} cools {limit:,g} W per GPU with air: cap it at {limit:,g} W</source>
        <translation>{gpu} 功耗 {tdp:,g} W；{chassis} 風冷每 GPU 最多散熱 {limit:,g} W：請將其功耗限制在 {limit:,g} W</translation>
    </message>
    <message>
        <source>{gpu}&apos;s power is configurable from {low:g} to {high:,g} W (datasheet). Capped at {limit:,g} W it stays within the chassis&apos; air cooling; it then holds lower clocks, so compute-bound work (prefill, large batches) runs slower while memory bandwidth is unchanged, and the node draws {saved:,.0f} W less.</source>
        <translation>{gpu} 的功耗可在 {low:g} 到 {high:,g} W 之間設定（規格表）。限制在 {limit:,g} W 時，它處於機箱風冷能力範圍之內；此時時脈較低，受運算能力限制的工作（預填充、大批次）會變慢，而顯示記憶體頻寬不變，節點功耗減少 {saved:,.0f} W。</translation>
    </message>
    <message>
        <source>cap the GPUs at {limit:,g} W</source>
        <translation>將 GPU 功耗限制在 {limit:,g} W</translation>
    </message>
    <message>
        <source>{gpu} mounts on the {board} baseboard; {chassis} takes {boards}</source>
        <translation>{gpu} 安裝在 {board} 基板上；{chassis} 支援 {boards}</translation>
    </message>
    <message>
        <source>Each {form} generation has its own baseboard (socket, power and NVLink/Infinity Fabric layout), and a chassis is built and qualified for the ones its vendor lists (DOMAIN.md: SXM/OAM modules need their baseboard chassis).</source>
        <translation>每一代 {form} 模組都有各自的基板（插座、供電以及 NVLink/Infinity Fabric 佈局），機箱只針對廠商列出的基板設計與認證（DOMAIN.md：SXM/OAM 模組需要配套基板的機箱）。</translation>
    </message>
    <message>
        <source>{gpu} is {form}; {chassis} takes {takes} GPUs</source>
        <translation>{gpu} 為 {form} 規格；{chassis} 只支援 {takes} GPU</translation>
    </message>
    <message>
        <source>The card is {width} slots wide; each GPU position of {chassis} takes {per} slots, so it covers {covers} positions ({slot}, {neighbours}).</source>
        <translation>該卡佔 {width} 個槽寬；{chassis} 每個 GPU 位寬 {per} 個槽，因此會佔用 {covers} 個 GPU 位（{slot}、{neighbours}）。</translation>
    </message>
    <message>
        <source>{gpu} in {slot} is {width} slots wide: no room next to it</source>
        <translation>{slot} 中的 {gpu} 佔 {width} 個槽寬：旁邊沒有空間</translation>
    </message>
    <message>
        <source>{blocked} is taken or does not exist.</source>
        <translation>{blocked} 已被佔用或不存在。</translation>
    </message>
    <message>
        <source>{gpu} in {slot} covers {neighbours}: leave it empty</source>
        <translation>{slot} 中的 {gpu} 會遮擋 {neighbours}：請保持其為空</translation>
    </message>
    <message>
        <source>fill the baseboard with {n} more {gpu}</source>
        <translation>為基板再裝滿 {n} 張 {gpu}</translation>
    </message>
    <message>
        <source>{n} of {slots} {form} positions populated</source>
        <translation>{slots} 個 {form} GPU 位中已裝 {n} 個</translation>
    </message>
    <message>
        <source>{form} baseboards (HGX, OAM UBB) are sold fully populated and wired as one NVLink/Infinity Fabric domain of {slots}; a partly populated board is not a standard configuration. Choose a smaller baseboard or PCIe GPUs for fewer cards.</source>
        <translation>{form} 基板（HGX、OAM UBB）按滿配銷售，{slots} 張 GPU 組成一個 NVLink/Infinity Fabric 互聯域；部分安裝的基板不是標準配置。如需更少的卡，請選擇更小的基板或 PCIe GPU。</translation>
    </message>
    <message>
        <source>use {cpu} ({cores} cores, {socket}) instead</source>
        <translation>改用 {cpu}（{cores} 核心，{socket}）</translation>
    </message>
    <message>
        <source>{cpu} is {socket}; {chassis} has {takes} sockets</source>
        <translation>{cpu} 為 {socket} 插座；{chassis} 的 CPU 插槽為 {takes}</translation>
    </message>
    <message>
        <source>The CPU&apos;s socket ({socket}) must equal the board&apos;s ({takes}).</source>
        <translation>CPU 插座（{socket}）必須與主機板插槽（{takes}）一致。</translation>
    </message>
    <message>
        <source>No CPU placed</source>
        <translation>未安裝 CPU</translation>
    </message>
    <message>
        <source>{chassis} has {n} socket(s); a node needs a CPU.</source>
        <translation>{chassis} 有 {n} 個 CPU 插槽；節點至少需要一顆 CPU。</translation>
    </message>
    <message>
        <source>Different CPU models in one node</source>
        <translation>同一節點中混用了不同型號的 CPU</translation>
    </message>
    <message>
        <source>Multi-socket boards need identical CPUs: {models}</source>
        <translation>多路主機板需要相同型號的 CPU：{models}</translation>
    </message>
    <message>
        <source>{cpu} supports {max} socket(s), {n} placed</source>
        <translation>{cpu} 最多支援 {max} 路，目前安裝 {n} 顆</translation>
    </message>
    <message>
        <source>{cpu} is a {max}P part; it cannot run in a {n}-socket system.</source>
        <translation>{cpu} 是 {max}P 處理器；不能用於 {n} 路系統。</translation>
    </message>
    <message>
        <source>{n} of {sockets} CPU sockets empty</source>
        <translation>{sockets} 個 CPU 插槽中有 {n} 個為空</translation>
    </message>
    <message>
        <source>On dual-socket boards the DIMM slots and PCIe lanes (often GPU slots) of an empty socket are dead; only use one socket if the vendor supports 1P population of this chassis.</source>
        <translation>在雙路主機板上，空 CPU 插槽對應的記憶體插槽和 PCIe 通道（通常包括 GPU 插槽）都無法使用；只有廠商支援該機箱單路配置時才可只裝一顆 CPU。</translation>
    </message>
    <message>
        <source>add a second {cpu}</source>
        <translation>再新增一顆 {cpu}</translation>
    </message>
    <message>
        <source>use {gb} GB {type} ({dimm}) instead</source>
        <translation>改用 {gb} GB {type}（{dimm}）</translation>
    </message>
    <message>
        <source>{dimm} is {type}; {cpu} takes {takes}</source>
        <translation>{dimm} 為 {type}；{cpu} 需要 {takes}</translation>
    </message>
    <message>
        <source>DIMM type (generation, registered or not) must match the memory controller.</source>
        <translation>記憶體模組類型（代際、是否帶暫存器）必須與記憶體控制器匹配。</translation>
    </message>
    <message>
        <source>{n} DIMM(s) beside an empty CPU socket</source>
        <translation>{n} 條記憶體插在空 CPU 插槽旁</translation>
    </message>
    <message>
        <source>A socket&apos;s memory channels belong to its CPU; without it these DIMMs are not seen.</source>
        <translation>CPU 插槽的記憶體通道屬於其 CPU；沒有 CPU 時這些記憶體模組無法識別。</translation>
    </message>
    <message>
        <source>remove the DIMMs on the empty socket</source>
        <translation>移除空 CPU 插槽旁的記憶體模組</translation>
    </message>
    <message>
        <source>No memory placed</source>
        <translation>未安裝記憶體</translation>
    </message>
    <message>
        <source>The node needs DIMMs to boot.</source>
        <translation>節點需要記憶體模組才能啟動。</translation>
    </message>
    <message>
        <source>{n} of {total} memory channels populated</source>
        <translation>{total} 個記憶體通道中已插 {n} 個</translation>
    </message>
    <message>
        <source>Memory channels hold different numbers of DIMMs</source>
        <translation>各記憶體通道的記憶體模組數量不一致</translation>
    </message>
    <message>
        <source>{dimms} DIMM(s) over {total} channels ({channels} per CPU x {cpus} CPU(s)); per channel: {per}. Memory bandwidth scales with populated channels, and uneven channels break interleaving: populate every channel with the same number of identical DIMMs.</source>
        <translation>{dimms} 條記憶體分佈在 {total} 個通道上（每顆 CPU {channels} 個通道 x {cpus} 顆 CPU）；每通道：{per}。記憶體頻寬隨已插通道數增長，通道不均衡會破壞交錯存取：請在每個通道插入相同數量、相同型號的記憶體模組。</translation>
    </message>
    <message>
        <source>Different DIMM models mixed</source>
        <translation>混用了不同型號的記憶體模組</translation>
    </message>
    <message>
        <source>Mixed {models}: mixed capacities or ranks make channels uneven and can drop the memory speed.</source>
        <translation>混用 {models}：容量或 rank 不同會使通道不均衡，並可能降低記憶體時脈。</translation>
    </message>
    <message>
        <source>No PSU placed ({bays} bays)</source>
        <translation>未安裝電源（{bays} 個倉位）</translation>
    </message>
    <message>
        <source>The node needs power supplies.</source>
        <translation>節點需要電源。</translation>
    </message>
    <message>
        <source>{psu} ({rating:,g} W) is below the {min:,g} W the chassis takes</source>
        <translation>{psu}（{rating:,g} W）低於機箱要求的 {min:,g} W</translation>
    </message>
    <message>
        <source>{chassis} is offered with PSUs of at least {min:,g} W.</source>
        <translation>{chassis} 配套電源至少為 {min:,g} W。</translation>
    </message>
    <message>
        <source>{drive} ({form}) does not fit {slot}</source>
        <translation>{drive}（{form}）不適合 {slot}</translation>
    </message>
    <message>
        <source>{slot} takes {takes}; the drive is {form} {interface}.</source>
        <translation>{slot} 支援 {takes}；該硬碟為 {form} {interface}。</translation>
    </message>
    <message>
        <source>{nic} is x{lanes}; {slot} is x{slot_lanes}</source>
        <translation>{nic} 為 x{lanes}；{slot} 為 x{slot_lanes}</translation>
    </message>
    <message>
        <source>The card runs at x{slot_lanes}, with {share:.0%} of its host bandwidth.</source>
        <translation>該卡將以 x{slot_lanes} 執行，只有 {share:.0%} 的主機頻寬。</translation>
    </message>
    <message>
        <source>{lanes} in 2P</source>
        <translation>雙路時 {lanes}</translation>
    </message>
    <message>
        <source>Devices need {need} PCIe lanes; the CPUs give {have}</source>
        <translation>裝置需要 {need} 條 PCIe 通道；CPU 只提供 {have} 條</translation>
    </message>
    <message>
        <source>Lanes wanted: {per} = {need}. CPU lanes: {cpu_lanes} = {have}. {chassis} has no PCIe switch, so some devices would run narrower or not at all.</source>
        <translation>所需通道：{per} = {need}。CPU 通道：{cpu_lanes} = {have}。{chassis} 沒有 PCIe 交換晶片，部分裝置會降寬執行或無法工作。</translation>
    </message>
    <message>
        <source>use {n} x {cpu} ({cores} cores, {ghz:g} GHz base)</source>
        <translation>改用 {n} x {cpu}（{cores} 核心，基礎時脈 {ghz:g} GHz）</translation>
    </message>
    <message>
        <source>{cores} cores / {gpus} GPU(s) = {ratio:g} cores per GPU; guideline {lo:g}-{hi:g}.</source>
        <translation>{cores} 核心 / {gpus} 張 GPU = 每 GPU {ratio:g} 核心；建議 {lo:g}-{hi:g}。</translation>
    </message>
    <message>
        <source>{ratio:g} CPU cores per GPU; at least {lo:g} recommended</source>
        <translation>每 GPU {ratio:g} 個 CPU 核；建議至少 {lo:g} 個</translation>
    </message>
    <message>
        <source>Tokenisation, scheduling and KV-cache management run on the host and starve the GPUs.</source>
        <translation>分詞、排程和 KV 快取管理都在主機上執行，CPU 不足會讓 GPU 空等。</translation>
    </message>
    <message>
        <source>{ratio:g} CPU cores per GPU; more than {hi:g} rarely helps inference</source>
        <translation>每 GPU {ratio:g} 個 CPU 核；超過 {hi:g} 個對推論幫助不大</translation>
    </message>
    <message>
        <source>A smaller CPU may save cost and power (batch scenarios aside).</source>
        <translation>較小的 CPU 可節省成本和功耗（批次處理場景除外）。</translation>
    </message>
    <message>
        <source>{cores} CPU cores; at least {need:g} recommended for an inference server</source>
        <translation>{cores} 個 CPU 核；推論伺服器建議至少 {need:g} 個</translation>
    </message>
    <message>
        <source>{n} x {cpu} = {cores} cores &lt; {need:g}.</source>
        <translation>{n} x {cpu} = {cores} 核心 &lt; {need:g}。</translation>
    </message>
    <message>
        <source>The server-wide {full:g} is capped at {per_gpu:g} cores per GPU x {gpus} GPU(s), since more rarely helps inference.</source>
        <translation>整機要求的 {full:g} 核心被限制為每 GPU {per_gpu:g} 核心 x {gpus} 張 GPU，因為更多核心對推論幫助不大。</translation>
    </message>
    <message>
        <source> {scenario} is latency-sensitive: tokenisation and scheduling sit on the TTFT path (target TTFT &lt; {ttft:g} ms).</source>
        <translation>{scenario}對延遲敏感：分詞和排程位於 TTFT 路徑上（目標 TTFT &lt; {ttft:g} ms）。</translation>
    </message>
    <message>
        <source>{factor:g} x {vram:g} GiB VRAM</source>
        <translation>{factor:g} x {vram:g} GiB 顯示記憶體</translation>
    </message>
    <message>
        <source>No add-in NIC for {gpus} GPU(s); {need:g} Gb/s of {kind}network recommended</source>
        <translation>{gpus} 張 GPU 未配擴充網路卡；建議 {need:g} Gb/s 的{kind}網路</translation>
    </message>
    <message>
        <source>{listed} placed ({total:g} Gb/s, {have:g} Gb/s of it RDMA); {need:g} Gb/s of {kind}network recommended for {gpus} GPU(s)</source>
        <translation>已安裝 {listed}（{total:g} Gb/s，其中 RDMA {have:g} Gb/s）；{gpus} 張 GPU 建議 {need:g} Gb/s 的{kind}網路</translation>
    </message>
    <message>
        <source>{listed} placed ({have:g} Gb/s); {need:g} Gb/s of {kind}network recommended for {gpus} GPU(s)</source>
        <translation>已安裝 {listed}（{have:g} Gb/s）；{gpus} 張 GPU 建議 {need:g} Gb/s 的{kind}網路</translation>
    </message>
    <message>
        <source>{limit} {draw} Choose a denser site, a bigger feed, or fewer/lower-power GPUs.</source>
        <translation>{limit}{draw}請選擇密度更高的場地、容量更大的供電線路，或減少 GPU 數量/選用功耗更低的 GPU。</translation>
    </message>
    <message>
        <source>switch weights to {precision}: needs {need:.1f} of {usable:.1f} GiB per GPU</source>
        <translation>權重改用 {precision}：每 GPU 需要 {need:.1f} GiB，可用 {usable:.1f} GiB</translation>
    </message>
    <message>
        <source>{gib:.1f} GiB</source>
        <translation>{gib:.1f} GiB</translation>
    </message>
    <message>
        <source>activation peak of a {tokens}-token forward pass</source>
        <translation>{tokens} 詞元前向傳播的激活峰值</translation>
    </message>
    <message>
        <source>runtime workspaces</source>
        <translation>執行階段工作區</translation>
    </message>
    <message>
        <source>NCCL buffers</source>
        <translation>NCCL 緩衝區</translation>
    </message>
    <message>
        <source>memory the engine leaves unallocated</source>
        <translation>引擎未配置的顯示記憶體</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>{vram:g} GiB less the driver&apos;s reserve x {fraction:g} ({engine} memory fraction)</source>
        <translation>（{vram:g} GiB 減去驅動程式保留）x {fraction:g}（{engine} 顯示記憶體比例）</translation>
    </message>
    <message>
        <source>, less the CUDA context</source>
        <translation>，再減去 CUDA 上下文</translation>
    </message>
    <message>
        <source>{vram:g} GiB less the driver&apos;s reserve and the CUDA context; {engine} gives the KV cache {fraction:g} of what is left after weights and activations</source>
        <translation>{vram:g} GiB 減去驅動程式保留和 CUDA 上下文；{engine} 將扣除權重和激活後剩餘部分的 {fraction:g} 分配給 KV 快取</translation>
    </message>
    <message>
        <source>Without routed_experts and experts_per_token the estimate takes all {total:g} B parameters as experts, each token touching {share:.0%} of them (active / total), so it cannot tell the weights every step reads from the experts a batch touches. Edit the model and enter both from its config.json.</source>
        <translation>缺少 routed_experts 與 experts_per_token 時，估算把全部 {total:g} B 參數都當作專家，每個 token 用到其中 {share:.0%}（啟用參數 / 總參數），因而無法區分每一步都要讀取的權重與批次實際用到的專家。請編輯該模型，依其 config.json 填入這兩項。</translation>
    </message>
    <message>
        <source>{model} at {precision} does not fit {group}: {need} needed of {usable} usable per GPU (weights {weights} + overhead {overhead} before any KV cache)</source>
        <translation>{precision} 精度的 {model} 放不進 {group}：每 GPU 需要 {need}，可用 {usable}（尚未計入 KV 快取，權重 {weights} + 開銷 {overhead}）</translation>
    </message>
    <message>
        <source>Weights {weights:.1f} GiB x {factor:g} = {thumb:.1f} GiB vs {have:g} GiB of VRAM in the TP x PP group. The rule of thumb ignores the engine&apos;s memory fraction, the runtime overhead and the KV cache for {requests} x {context} tokens; trust the detailed check.</source>
        <translation>權重 {weights:.1f} GiB x {factor:g} = {thumb:.1f} GiB，對比 TP x PP 組內的 {have:g} GiB 顯示記憶體。該經驗法則忽略了引擎的顯示記憶體比例、執行階段開銷以及 {requests} x {context} 詞元的 KV 快取；請以詳細檢查為準。</translation>
    </message>
    <message>
        <source>{cpu} base clock {ghz:g} GHz; at least {need:g} GHz recommended</source>
        <translation>{cpu} 基礎時脈 {ghz:g} GHz；建議至少 {need:g} GHz</translation>
    </message>
    <message>
        <source>IEC 60320: C13/C14 rated 10 A, C19/C20 rated 16 A</source>
        <translation>IEC 60320：C13/C14 額定 10 A，C19/C20 額定 16 A</translation>
    </message>
    <message>
        <source>assumption: 0.95, the 80 PLUS Platinum/Titanium minimum power factor at 50 % load (https://en.wikipedia.org/wiki/80_Plus); server PSUs reach 0.98-0.99 near full load, so currents here err high</source>
        <translation>假設：0.95，即 80 PLUS 白金/鈦金在 50 % 負載時的最低功率因數（https://en.wikipedia.org/wiki/80_Plus）；伺服器電源在接近滿載時可達 0.98-0.99，因此此處電流偏高估算</translation>
    </message>
    <message>
        <source>assumption: one vertical (0U) PDU per feed with 24 C13 or 12 C19 outlets; set the site&apos;s PDU model</source>
        <translation>假設：每路供電一條直立式（0U）PDU，附 24 個 C13 或 12 個 C19 插座；請設定場地實際的 PDU 型號</translation>
    </message>
    <message>
        <source>stated by the vendor (catalog)</source>
        <translation>廠商標明（零件庫）</translation>
    </message>
    <message>
        <source>derived: {amps:.1f} A at full rating on the lowest line voltage is within {inlet}&apos;s {limit:g} A ({source}); not stated by the vendor</source>
        <translation>推算：滿額定功率、最低線路電壓下的輸入電流 {amps:.1f} A，在 {inlet} 的 {limit:g} A 額定值以內（{source}）；廠商未標明</translation>
    </message>
    <message>
        <source>derived: {amps:.1f} A at full rating on the lowest line voltage is over the 16 A of a C20 ({source}); check the vendor&apos;s cord</source>
        <translation>推算：滿額定功率、最低線路電壓下的輸入電流 {amps:.1f} A，超出 C20 的 16 A（{source}）；請核對廠商提供的電源線</translation>
    </message>
    <message>
        <source>CFM = W x 3.412 / (1.08 x dT), dT = 20 F (11.1 K) assumed rise through the servers (reference/platform.csv; https://es.coolnetsystem.com/120kw-racks-demand-high-density-data-center-cooling-not-air); 1 CFM = 1.699 m3/h</source>
        <translation>CFM = W x 3.412 / (1.08 x dT)，假設氣流通過伺服器溫升 dT = 20 °F（11.1 K）（reference/platform.csv；https://es.coolnetsystem.com/120kw-racks-demand-high-density-data-center-cooling-not-air）；1 CFM = 1.699 m3/h</translation>
    </message>
    <message>
        <source>Rack {n}</source>
        <translation>機櫃 {n}</translation>
    </message>
    <message>
        <source>{kg:g} kg per node as the vendor publishes it (catalog source)</source>
        <translation>每節點 {kg:g} kg，取自廠商公布值（零件庫來源）</translation>
    </message>
    <message>
        <source>not stated: the vendor&apos;s weight is not in the catalog</source>
        <translation>未註明：零件庫中沒有廠商公布的重量</translation>
    </message>
    <message>
        <source>Power factor</source>
        <translation>功率因數</translation>
    </message>
    <message>
        <source>Inlet and outlet ratings</source>
        <translation>輸入插座與輸出插座額定值</translation>
    </message>
    <message>
        <source>PDUs</source>
        <translation>PDU</translation>
    </message>
    <message>
        <source>Breaker derating</source>
        <translation>斷路器降額</translation>
    </message>
    <message>
        <source>Airflow</source>
        <translation>風量</translation>
    </message>
    <message>
        <source>Heat</source>
        <translation>發熱量</translation>
    </message>
    <message>
        <source>Load sharing</source>
        <translation>負載分配</translation>
    </message>
    <message>
        <source>PSUs share the load equally; PSU 1, 3, 5 ... on feed A, 2, 4, 6 ... on feed B; a three-phase feed&apos;s PSUs dealt over L1, L2, L3 in turn</source>
        <translation>各電源平均分擔負載；第 1、3、5 ... 個電源接 A 路供電，第 2、4、6 ... 個接 B 路供電；三相供電時，各路的電源依序輪流分配到 L1、L2、L3</translation>
    </message>
    <message>
        <source>With one feed, {rack} {phase} draws {amps:.1f} A, over the breaker&apos;s {usable:.1f} A continuous limit.</source>
        <translation>僅剩一路供電時，{rack} 的 {phase} 相電流為 {amps:.1f} A，超出斷路器 {usable:.1f} A 的持續負載上限。</translation>
    </message>
    <message>
        <source>ASHRAE TC 9.9 thermal guidelines (2021): allowable inlet A1 15-32 °C, A2 10-35 °C, A3 5-40 °C</source>
        <translation>ASHRAE TC 9.9 熱環境指南（2021）：允許進風溫度 A1 15-32 °C，A2 10-35 °C，A3 5-40 °C</translation>
    </message>
    <message>
        <source>One PSU lost</source>
        <translation>一個電源故障</translation>
    </message>
    <message>
        <source>Feed A lost</source>
        <translation>A 路供電中斷</translation>
    </message>
    <message>
        <source>110 V site</source>
        <translation>110 V 場地</translation>
    </message>
    <message>
        <source>Hot aisle, 35 °C inlet</source>
        <translation>熱通道，進風 35 °C</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>keeps running</source>
        <translation>持續運作</translation>
    </message>
    <message>
        <source>keeps running capped at {cap:,.0f} W per GPU</source>
        <translation>每 GPU 功耗限制在 {cap:,.0f} W 時可持續運作</translation>
    </message>
    <message>
        <source>stops</source>
        <translation>停機</translation>
    </message>
    <message>
        <source>- {n} finding(s) cleared: {rules}</source>
        <translation>- 消除 {n} 項檢查結果：{rules}</translation>
    </message>
    <message>
        <source>No GPU to cap.</source>
        <translation>沒有可限制功耗的 GPU。</translation>
    </message>
    <message>
        <source>No GPU power cap is offered: the datasheet of {gpus} gives no configurable power range.</source>
        <translation>無法提供 GPU 功耗限制：{gpus} 的規格表未給出可設定的功耗範圍。</translation>
    </message>
    <message>
        <source>{n} of {count} PSUs left ({slot} failed); judged at {mode}</source>
        <translation>{count} 個電源剩餘 {n} 個（{slot} 故障）；按 {mode} 判定</translation>
    </message>
    <message>
        <source>feed B&apos;s {n} of {count} PSUs carry the node alone (A: {a})</source>
        <translation>由 B 路供電上的 {n} 個電源（共 {count} 個）單獨承擔節點負載（A 路：{a}）</translation>
    </message>
    <message>
        <source>The build is set to {mode}, not N+N; its PSUs are still split A/B alternately.</source>
        <translation>該配置設為 {mode}，而非 N+N；其電源仍按 A/B 交替分配。</translation>
    </message>
    <message>
        <source>feed at {volts:g} V single phase (low line)</source>
        <translation>單相 {volts:g} V 供電（低壓輸入）</translation>
    </message>
    <message>
        <source>inlet air at {inlet:g} °C</source>
        <translation>進風溫度 {inlet:g} °C</translation>
    </message>
    <message>
        <source>The catalog has no supported inlet temperature for this chassis (not stated): ask the vendor. {source}. Fans run at full speed near the top of the range: plan for the node&apos;s maximum, {wall:,.0f} W.</source>
        <translation>零件庫中沒有該機箱支援的進風溫度（未註明）：請洽詢廠商。{source}。接近範圍上限時風扇全速運轉：請按節點最大功耗 {wall:,.0f} W 進行規劃。</translation>
    </message>
    <message>
        <source>The vendor supports inlet air up to {limit:g} °C. {source}. A power cap does not lower the inlet temperature.</source>
        <translation>廠商支援的最高進風溫度為 {limit:g} °C。{source}。功耗限制不會降低進風溫度。</translation>
    </message>
    <message>
        <source>Base {ghz:g} GHz &lt; {need} (boost {boost:g} GHz is not sustained on all cores).</source>
        <translation>基礎時脈 {ghz:g} GHz &lt; {need}（{boost:g} GHz 加速時脈無法在全部核心上持續）。</translation>
    </message>
    <message>
        <source>{scenario} is throughput work: prefer many cores (&gt;= {n:g} per socket)</source>
        <translation>{scenario}屬於吞吐型負載：建議選用多核 CPU（每路 &gt;= {n:g} 核心）</translation>
    </message>
    <message>
        <source>{cpu}: {cores} cores per socket. Large batches keep many requests in pre- and post-processing at once.</source>
        <translation>{cpu}：每路 {cores} 核心。大批次時會有許多請求同時處於預處理和後處理階段。</translation>
    </message>
    <message>
        <source>{ram:g} GB RAM; {need:g} GB recommended ({rule})</source>
        <translation>記憶體 {ram:g} GB；建議 {need:g} GB（{rule}）</translation>
    </message>
    <message>
        <source>{n} DIMM(s) = {ram:g} GB. Guideline: {rule} = {need:g} GB ({threshold}). Weights are staged through host memory at load, and KV-cache offload uses it.</source>
        <translation>{n} 條記憶體 = {ram:g} GB。建議：{rule} = {need:g} GB（{threshold}）。載入時權重經主機記憶體中轉，KV 快取卸載也會使用主機記憶體。</translation>
    </message>
    <message>
        <source>{gb:g} GB x {cores} cores</source>
        <translation>{gb:g} GB x {cores} 核心</translation>
    </message>
    <message>
        <source>InfiniBand or RoCE (RDMA) </source>
        <translation>InfiniBand 或 RoCE（RDMA）</translation>
    </message>
    <message>
        <source>model traffic crosses nodes</source>
        <translation>模型流量跨節點</translation>
    </message>
    <message>
        <source>one node</source>
        <translation>單節點</translation>
    </message>
    <message>
        <source>no add-in NIC</source>
        <translation>無擴充網路卡</translation>
    </message>
    <message>
        <source>add {n} x {nic} ({ports} x {speed:g} Gb/s)</source>
        <translation>新增 {n} x {nic}（{ports} x {speed:g} Gb/s）</translation>
    </message>
    <message>
        <source> (non-RDMA ports not counted)</source>
        <translation>（非 RDMA 埠不計入）</translation>
    </message>
    <message>
        <source>{gpus} GPU(s), {where}: guideline {kind}&gt;= {need:g} Gb/s. Placed: {listed}{note}. Onboard LAN ports are not modelled.</source>
        <translation>{gpus} 張 GPU，{where}：建議{kind} &gt;= {need:g} Gb/s。已安裝：{listed}{note}。板載 LAN 口未計入。</translation>
    </message>
    <message>
        <source>No drive placed for the OS and the model weights</source>
        <translation>未安裝用於作業系統和模型權重的硬碟</translation>
    </message>
    <message>
        <source>{model} at {precision} is {gb:.0f} GB.</source>
        <translation>{model} 在 {precision} 精度下為 {gb:.0f} GB。</translation>
    </message>
    <message>
        <source>Data drives hold {capacity:.0f} GB; the weights are {weights:.0f} GB</source>
        <translation>資料碟容量 {capacity:.0f} GB；權重為 {weights:.0f} GB</translation>
    </message>
    <message>
        <source>{n} data drive(s) = {capacity:.0f} GB &lt; {weights:.0f} GB of weights (plus room for a second version during upgrades).</source>
        <translation>{n} 顆資料碟 = {capacity:.0f} GB &lt; {weights:.0f} GB 權重（升級時還需容納第二個版本）。</translation>
    </message>
    <message>
        <source>{capacity:.0f} GB for data; at least {min:g} GB NVMe recommended</source>
        <translation>資料碟 {capacity:.0f} GB；建議至少 {min:g} GB NVMe</translation>
    </message>
    <message>
        <source>Weights take {weights:.0f} GB; keep room for model versions and datasets.</source>
        <translation>權重佔 {weights:.0f} GB；請為模型版本和資料集留出空間。</translation>
    </message>
    <message>
        <source>Loading the weights takes about {s:.0f} s</source>
        <translation>載入權重約需 {s:.0f} 秒</translation>
    </message>
    <message>
        <source>{weights:.0f} GB / {mbs:g} MB/s sequential read ({drive}) = {s:.0f} s &gt; {limit}. A PCIe 5.0 NVMe drive (&gt;= 10 GB/s) loads in seconds to minutes.</source>
        <translation>{weights:.0f} GB / {mbs:g} MB/s 順序讀（{drive}）= {s:.0f} 秒 &gt; {limit}。PCIe 5.0 NVMe 硬碟（&gt;= 10 GB/s）可在數秒到數分鐘內載入完成。</translation>
    </message>
    <message>
        <source>add {n} x {drive} ({gb:g} GB) as RAID 1 system disks</source>
        <translation>新增 {n} x {drive}（{gb:g} GB）作為 RAID 1 系統碟</translation>
    </message>
    <message>
        <source>{n} system disk(s) of &gt;= {gb:g} GB; {count} in RAID 1 recommended</source>
        <translation>{n} 顆 &gt;= {gb:g} GB 的系統碟；建議 {count} 顆組成 RAID 1</translation>
    </message>
    <message>
        <source>OS and logs on a mirrored pair keep the node up when one disk fails ({source}). Drives in M.2 slots count as system disks unless marked otherwise.</source>
        <translation>作業系統和日誌放在鏡像碟對上，一顆硬碟故障時節點仍可執行（{source}）。M.2 插槽中的硬碟預設視為系統碟。</translation>
    </message>
    <message>
        <source>deploy {n} nodes for TP={tp} x PP={pp}</source>
        <translation>為 TP={tp} x PP={pp} 部署 {n} 個節點</translation>
    </message>
    <message>
        <source>use TP={tp}, PP=1 on this node&apos;s {n} GPU(s)</source>
        <translation>改用 TP={tp}、PP=1，使用本節點的 {n} 張 GPU</translation>
    </message>
    <message>
        <source>TP={tp} x PP={pp} needs {group} GPUs; {total} deployed</source>
        <translation>TP={tp} x PP={pp} 需要 {group} 張 GPU；已部署 {total} 張</translation>
    </message>
    <message>
        <source>{per_node} GPU(s) per node x {nodes} node(s) = {total} &lt; {group}.</source>
        <translation>每節點 {per_node} 張 GPU x {nodes} 個節點 = {total} &lt; {group}。</translation>
    </message>
    <message>
        <source>{idle} of {per_node} GPUs idle: {per_node} is not a multiple of TP x PP = {group}</source>
        <translation>{per_node} 張 GPU 中有 {idle} 張閒置：{per_node} 不是 TP x PP = {group} 的整數倍</translation>
    </message>
    <message>
        <source>{copies} model copies of {group} GPU(s) each fit on the node; the rest serve nothing.</source>
        <translation>節點上可放 {copies} 個模型副本，每個 {group} 張 GPU；其餘 GPU 不提供服務。</translation>
    </message>
    <message>
        <source>keep TP inside the node: TP={tp}, PP={pp} across nodes</source>
        <translation>將 TP 限制在節點內：TP={tp}，跨節點 PP={pp}</translation>
    </message>
    <message>
        <source>TP={tp} spans nodes of {n} GPUs: all-reduces cross the network</source>
        <translation>TP={tp} 跨越了每節點 {n} 張 GPU 的節點：all-reduce 需經過網路</translation>
    </message>
    <message>
        <source>Tensor parallelism does two all-reduces per layer; across nodes they run at network speed. Use TP within a node and pipeline parallelism between nodes.</source>
        <translation>張量平行每層做兩次 all-reduce；跨節點時以網路速度進行。請在節點內使用 TP，節點間使用管線平行。</translation>
    </message>
    <message>
        <source>use TP={tp}</source>
        <translation>改用 TP={tp}</translation>
    </message>
    <message>
        <source>TP={tp} does not divide {model}&apos;s {heads} attention heads</source>
        <translation>TP={tp} 不能整除 {model} 的 {heads} 個注意力頭</translation>
    </message>
    <message>
        <source>{heads} heads / {tp} is not whole; engines refuse to start.</source>
        <translation>{heads} 個注意力頭 / {tp} 不是整數；推論引擎將無法啟動。</translation>
    </message>
    <message>
        <source>TP={tp} does not split {model}&apos;s {kv} KV heads</source>
        <translation>TP={tp} 無法切分 {model} 的 {kv} 個 KV 頭</translation>
    </message>
    <message>
        <source>{kv} KV heads over TP {tp}: neither divides the other, so they can be neither split evenly nor replicated whole; engines refuse to start.</source>
        <translation>{kv} 個 KV 頭對 TP {tp}：兩者互不整除，既不能均分也不能整份複製；推論引擎會拒絕啟動。</translation>
    </message>
    <message>
        <source>use TP={tp} x PP={pp} (pipeline parallelism over PCIe)</source>
        <translation>改用 TP={tp} x PP={pp}（透過 PCIe 做管線平行）</translation>
    </message>
    <message>
        <source>PCIe only</source>
        <translation>僅 PCIe</translation>
    </message>
    <message>
        <source>TP={tp} over PCIe: {gpu} has no NVLink/NVSwitch between all GPUs</source>
        <translation>TP={tp} 經由 PCIe：{gpu} 的所有 GPU 之間沒有 NVLink/NVSwitch</translation>
    </message>
    <message>
        <source>Tensor parallelism does two all-reduces per layer; over PCIe ({link}) keep TP &lt;= {limit:g} and use pipeline parallelism, or a GPU with more memory.</source>
        <translation>張量平行每層做兩次 all-reduce；經由 PCIe（{link}）時請保持 TP &lt;= {limit:g} 並使用管線平行，或選用顯示記憶體更大的 GPU。</translation>
    </message>
    <message>
        <source>{gpu} has no peer-to-peer over PCIe: TP/PP traffic goes through host memory</source>
        <translation>{gpu} 不支援 PCIe 點對點通訊：TP/PP 流量需經主機記憶體中轉</translation>
    </message>
    <message>
        <source>Consumer GeForce cards have P2P disabled; every all-reduce is staged through the CPU, which costs latency at each layer.</source>
        <translation>消費級 GeForce 顯示卡停用了 P2P；每次 all-reduce 都要經 CPU 中轉，每層都會增加延遲。</translation>
    </message>
    <message>
        <source>Different GPU models in one node in one TP/PP group</source>
        <translation>同一節點的同一 TP/PP 組中混用了不同型號的 GPU</translation>
    </message>
    <message>
        <source>Different GPU models in one node</source>
        <translation>同一節點中混用了不同型號的 GPU</translation>
    </message>
    <message>
        <source>{models}. A TP/PP group runs at the pace and memory of its weakest GPU; the VRAM check uses the smallest.</source>
        <translation>{models}。TP/PP 組按其中最弱 GPU 的速度和顯示記憶體執行；顯示記憶體檢查按最小的計算。</translation>
    </message>
    <message>
        <source>Node max draw {max:,.0f} W DC ({parts}); typical {typical:,.0f} W. At the wall (PSU efficiency {efficiency:.0%}): max {max_ac:,.0f} W, typical {typical_ac:,.0f} W.</source>
        <translation>節點最大功耗 {max:,.0f} W 直流（{parts}）；典型 {typical:,.0f} W。輸入端（電源效率 {efficiency:.0%}）：最大 {max_ac:,.0f} W，典型 {typical_ac:,.0f} W。</translation>
    </message>
    <message>
        <source>The vendor states {vendor:,.0f} W max at the wall ({source}); this build sums to {ours:,.0f} W ({delta:+.0%}).</source>
        <translation>廠商標稱市電輸入端最大 {vendor:,.0f} W（{source}）；本配置合計 {ours:,.0f} W（{delta:+.0%}）。</translation>
    </message>
    <message>
        <source>high line</source>
        <translation>高壓輸入</translation>
    </message>
    <message>
        <source>low line</source>
        <translation>低壓輸入</translation>
    </message>
    <message>
        <source>feed the PSUs from 200-240 V (high line)</source>
        <translation>電源改用 200-240 V 供電（高壓輸入）</translation>
    </message>
    <message>
        <source>PSUs give {usable:,.0f} W under {mode}; the node draws up to {load:,.0f} W</source>
        <translation>電源在 {mode} 下可提供 {usable:,.0f} W；節點最大功耗 {load:,.0f} W</translation>
    </message>
    <message>
        <source>{count} x {model} at {volts:g} V ({line}) = {rating:,g} W each; under {mode} {usable:,.0f} W is usable (N+1: count-1 carry the load; N+N: half). {draw}</source>
        <translation>{count} x {model}，{volts:g} V（{line}）= 每個 {rating:,g} W；{mode} 下可用 {usable:,.0f} W（N+1：count-1 個承載負荷；N+N：一半）。{draw}</translation>
    </message>
    <message>
        <source>At {volts:g} V each {psu} gives {low:,g} W, not {high:,g} W</source>
        <translation>在 {volts:g} V 下每個 {psu} 只能輸出 {low:,g} W，而非 {high:,g} W</translation>
    </message>
    <message>
        <source>At {volts:g} V each {psu} does not run at all (high line only)</source>
        <translation>在 {volts:g} V 下 {psu} 完全無法工作（僅支援高壓輸入）</translation>
    </message>
    <message>
        <source>High-wattage server PSUs deliver their rating only on 200-240 V. Usable here: {usable:,.0f} W vs {high_usable:,.0f} W on high line; node max draw {load:,.0f} W.</source>
        <translation>大功率伺服器電源只有在 200-240 V 下才能輸出額定功率。此處可用：{usable:,.0f} W，高壓輸入時為 {high_usable:,.0f} W；節點最大功耗 {load:,.0f} W。</translation>
    </message>
    <message>
        <source>add a PSU: {n} x {psu}</source>
        <translation>增加電源：{n} x {psu}</translation>
    </message>
    <message>
        <source>use N+1 redundancy</source>
        <translation>改用 N+1 冗餘</translation>
    </message>
    <message>
        <source>accept no PSU redundancy</source>
        <translation>接受無電源冗餘</translation>
    </message>
    <message>
        <source>{mode} needs at least 2 PSUs; {n} placed</source>
        <translation>{mode} 至少需要 2 個電源；目前 {n} 個</translation>
    </message>
    <message>
        <source>{mode} needs at least 3 PSUs; {n} placed</source>
        <translation>{mode} 至少需要 3 個電源；目前 {n} 個</translation>
    </message>
    <message>
        <source>With one PSU its failure stops the node.</source>
        <translation>只有一個電源時，電源故障會導致節點停機。</translation>
    </message>
    <message>
        <source>N+2 keeps the node running with two PSUs failed; with {n} PSUs none would be left.</source>
        <translation>N+2 可在兩個電源故障時保持節點運作；只有 {n} 個電源時，將沒有電源可用。</translation>
    </message>
    <message>
        <source>N+N with an odd number of PSUs ({n}): one adds nothing</source>
        <translation>N+N 配置的電源數為奇數（{n}）：多出的一個不起作用</translation>
    </message>
    <message>
        <source>N+N splits PSUs over two feeds; usable = {half} x {rating:,g} W.</source>
        <translation>N+N 將電源分到兩路供電上；可用 = {half} x {rating:,g} W。</translation>
    </message>
    <message>
        <source>use {n} x {psu}</source>
        <translation>改用 {n} x {psu}</translation>
    </message>
    <message>
        <source>Different PSU models in one node</source>
        <translation>同一節點中混用了不同型號的電源</translation>
    </message>
    <message>
        <source>Redundant PSUs share the load only when identical; mixed models may refuse to pair or overload the smaller one: {models}.</source>
        <translation>冗餘電源只有型號相同時才能均分負載；混用型號可能無法配對或使較小的電源過載：{models}。</translation>
    </message>
    <message>
        <source>One node draws up to {node:,.0f} W; the {site} rack allows {usable:,.0f} W</source>
        <translation>單個節點最大功耗 {node:,.0f} W；{site}機櫃只允許 {usable:,.0f} W</translation>
    </message>
    <message>
        <source>{gpu} draws {tdp:,g} W; edge/office sites take GPUs up to {limit:,g} W</source>
        <translation>{gpu} 功耗 {tdp:,g} W；邊緣/辦公室環境只支援 {limit:,g} W 以內的 GPU</translation>
    </message>
    <message>
        <source>Edge and office rooms have neither the feed nor the cooling for {tdp:,g} W cards (limit {limit}).</source>
        <translation>邊緣和辦公室機房既沒有足夠的供電，也沒有足夠的散熱來支援 {tdp:,g} W 的顯示卡（上限 {limit}）。</translation>
    </message>
    <message>
        <source>{n} GPUs at an edge/office site; the guideline is {limit:g}</source>
        <translation>邊緣/辦公室環境中有 {n} 張 GPU；建議值為 {limit:g}</translation>
    </message>
    <message>
        <source>Edge deployments are single-card by default ({source}); check the room&apos;s power and heat.</source>
        <translation>邊緣部署預設為單卡（{source}）；請檢查機房的供電和散熱。</translation>
    </message>
    <message>
        <source>Per rack: power {usable:,.0f} W / {node:,.0f} W = {by_power}; rack units {units} U / {node_units} U = {by_units}; cooling {ceiling:,.0f} W / {node:,.0f} W = {by_cooling}. {per_rack} node(s) per rack, limited by {binding}; {nodes} node(s) need {racks} rack(s).</source>
        <translation>每機櫃：供電 {usable:,.0f} W / {node:,.0f} W = {by_power}；機架空間 {units} U / {node_units} U = {by_units}；散熱 {ceiling:,.0f} W / {node:,.0f} W = {by_cooling}。每機櫃 {per_rack} 個節點，受{binding}限制；{nodes} 個節點需要 {racks} 個機櫃。</translation>
    </message>
    <message>
        <source>{gpu} has no {precision} tensor cores</source>
        <translation>{gpu} 沒有 {precision} 張量核心</translation>
    </message>
    <message>
        <source>{precision} weights need hardware support the {gpu} lacks; serving engines refuse them or fall back to a slower path. Weight-only INT8/INT4 and FP16 run on any GPU.</source>
        <translation>{precision} 權重需要 {gpu} 所不具備的硬體支援；推論引擎會拒絕或退回到更慢的路徑。僅權重 INT8/INT4 和 FP16 可在任何 GPU 上執行。</translation>
    </message>
    <message>
        <source>Serve the weights in {precision}</source>
        <translation>以 {precision} 提供權重</translation>
    </message>
    <message>
        <source>{model} is released in {released}: {chosen} weights add memory, not quality</source>
        <translation>{model} 以 {released} 發布：{chosen} 權重只增加記憶體，不提升品質</translation>
    </message>
    <message>
        <source>Serving {chosen} widens the released {released} weights: {chosen_gb:.0f} GB instead of {released_gb:.0f} GB to hold and to stream every step, for no better answers than the release gives.</source>
        <translation>以 {chosen} 部署會把發布的 {released} 權重放寬：每一步要保存並讀取 {chosen_gb:.0f} GB 而非 {released_gb:.0f} GB，回答品質卻不會比發布版本更好。</translation>
    </message>
    <message>
        <source>{cooling} cooling removes {ceiling:,.0f} W per rack ({source}).</source>
        <translation>{cooling}散熱每機櫃可帶走 {ceiling:,.0f} W（{source}）。</translation>
    </message>
    <message>
        <source>{engine} does not run on {gpu}</source>
        <translation>{engine} 無法在 {gpu} 上執行</translation>
    </message>
    <message>
        <source>{engine} is built for {platforms}, not {platform}: a build of {gpu} cannot serve it, and its estimate prices a deployment that cannot start.</source>
        <translation>{engine} 面向 {platforms}，不支援 {platform}：{gpu} 組成的配置無法執行它，其估算對應一個無法啟動的部署。</translation>
    </message>
    <message>
        <source>Serve it with {engine}</source>
        <translation>改用 {engine} 部署</translation>
    </message>
    <message>
        <source>The rack may draw {rack:,.0f} W ({source}).</source>
        <translation>機櫃允許功耗 {rack:,.0f} W（{source}）。</translation>
    </message>
    <message>
        <source> x 3 phases</source>
        <translation> x 3 相</translation>
    </message>
    <message>
        <source>Feed {volts:g} V x {amps:g} A{phases} = {rating:,.0f} W; loaded to at most {load:.0%} of its rating: {usable:,.0f} W.</source>
        <translation>供電線路 {volts:g} V x {amps:g} A{phases} = {rating:,.0f} W；負載不超過額定值的 {load:.0%}：{usable:,.0f} W。</translation>
    </message>
    <message>
        <source>The lower, {usable:,.0f} W, counts.</source>
        <translation>以兩者中較低的 {usable:,.0f} W 為準。</translation>
    </message>
    <message>
        <source>No rack power or feed is known for this site.</source>
        <translation>該場地沒有已知的機櫃功率或供電線路資料。</translation>
    </message>
    <message>
        <source>Power binds: {usable} kW per rack holds {n} node(s) of {node} kW</source>
        <translation>供電為制約因素：每機櫃 {usable} kW 可容納 {n} 個 {node} kW 的節點</translation>
    </message>
    <message>
        <source>Cooling binds: {ceiling} kW of {cooling} cooling per rack holds {n} node(s) of {node} kW</source>
        <translation>散熱為制約因素：每機櫃 {ceiling} kW 的{cooling}散熱可容納 {n} 個 {node} kW 的節點</translation>
    </message>
    <message>
        <source>Rack space binds: {units} U per rack holds {n} node(s) of {node_units} U</source>
        <translation>機架空間為制約因素：每機櫃 {units} U 可容納 {n} 個 {node_units} U 的節點</translation>
    </message>
    <message>
        <source>{usable} kW of power</source>
        <translation>{usable} kW 供電</translation>
    </message>
    <message>
        <source>{ceiling} kW of {cooling} cooling</source>
        <translation>{ceiling} kW {cooling}散熱</translation>
    </message>
    <message>
        <source>{units} U of rack space</source>
        <translation>{units} U 機架空間</translation>
    </message>
    <message>
        <source>{n} node(s) per rack of {node} kW and {node_units} U each, where {limits} bind together: {clauses}</source>
        <translation>每機櫃 {n} 個節點（每個 {node} kW、{node_units} U），{limits}同時起制約作用：{clauses}</translation>
    </message>
    <message>
        <source>{limit} would allow {n}</source>
        <translation>{limit}允許 {n} 個</translation>
    </message>
    <message>
        <source>use {n} x {rating:,g} W PSUs ({psu}) for {mode}: {usable:,g} W usable &gt;= {load:,.0f} W</source>
        <translation>改用 {n} x {rating:,g} W 電源（{psu}）實現 {mode}：可用 {usable:,g} W &gt;= {load:,.0f} W</translation>
    </message>
    <message>
        <source>use {n} x {gb} GB {dimm} to fill all {channels} channels ({per_channel} per channel, {total} GB total)</source>
        <translation>改用 {n} x {gb} GB {dimm} 插滿全部 {channels} 個通道（每通道 {per_channel} 條，共 {total} GB）</translation>
    </message>
    <message>
        <source>add {n} x {gb} GB {dimm} to fill all {channels} channels ({per_channel} per channel, {total} GB total)</source>
        <translation>新增 {n} x {gb} GB {dimm} 插滿全部 {channels} 個通道（每通道 {per_channel} 條，共 {total} GB）</translation>
    </message>
    <message>
        <source>store the KV cache in FP8</source>
        <translation>KV 快取改用 FP8 儲存</translation>
    </message>
    <message>
        <source>add a second GPU ({gpu}) with TP={tp}</source>
        <translation>再新增一張 GPU（{gpu}），TP={tp}</translation>
    </message>
    <message>
        <source>add {n} more GPUs ({gpu}) with TP={tp}</source>
        <translation>再新增 {n} 張 GPU（{gpu}），TP={tp}</translation>
    </message>
    <message>
        <source>spread the model over {tp} GPUs (TP={tp})</source>
        <translation>將模型分佈到 {tp} 張 GPU 上（TP={tp}）</translation>
    </message>
    <message>
        <source>no redundancy</source>
        <translation>無冗餘</translation>
    </message>
    <message>
        <source>Edge / office</source>
        <translation>邊緣/辦公室</translation>
    </message>
    <message>
        <source>Enterprise machine room</source>
        <translation>企業機房</translation>
    </message>
    <message>
        <source>Data center, high density</source>
        <translation>高密度資料中心</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自訂</translation>
    </message>
    <message>
        <source>power</source>
        <translation>供電</translation>
    </message>
    <message>
        <source>rack units</source>
        <translation>機架空間</translation>
    </message>
    <message>
        <source>cooling</source>
        <translation>散熱</translation>
    </message>
    <message>
        <source> and </source>
        <translation>和</translation>
    </message>
    <message>
        <source>office-air</source>
        <translation>辦公室空調</translation>
    </message>
    <message>
        <source>air-perimeter</source>
        <translation>房間級空調</translation>
    </message>
    <message>
        <source>air-containment</source>
        <translation>封閉通道風冷</translation>
    </message>
    <message>
        <source>rear-door</source>
        <translation>背板換熱器</translation>
    </message>
    <message>
        <source>direct-liquid</source>
        <translation>直接液冷</translation>
    </message>
    <message>
        <source>immersion</source>
        <translation>浸沒式液冷</translation>
    </message>
    <message>
        <source>gpu</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>cpu</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>dimm</source>
        <translation>記憶體</translation>
    </message>
    <message>
        <source>nic</source>
        <translation>網路卡</translation>
    </message>
    <message>
        <source>drive</source>
        <translation>硬碟</translation>
    </message>
    <message>
        <source>chassis</source>
        <translation>機箱</translation>
    </message>
    <message>
        <source>Real-time chat assistant</source>
        <translation>即時對話助手</translation>
    </message>
    <message>
        <source>Code completion</source>
        <translation>程式碼補全</translation>
    </message>
    <message>
        <source>Offline document summarisation</source>
        <translation>離線文件摘要</translation>
    </message>
    <message>
        <source>Retrieval-augmented generation (RAG)</source>
        <translation>檢索增強生成（RAG）</translation>
    </message>
    <message>
        <source>Batch analytics</source>
        <translation>批次分析</translation>
    </message>
    <message>
        <source>sampler warm-up of {rows} requests&apos; logits (on top of the pass)</source>
        <translation>取樣器預熱（{rows} 個請求的 logits，在前向傳播峰值之上）</translation>
    </message>
    <message>
        <source> (MoE: all {total:g} B parameters resident, {active:g} B active)</source>
        <translation>（MoE：全部 {total:g} B 參數常駐，啟用 {active:g} B）</translation>
    </message>
    <message>
        <source> / {tp} GPUs</source>
        <translation> / {tp} 張 GPU</translation>
    </message>
    <message>
        <source>MLA latent</source>
        <translation>MLA 潛向量</translation>
    </message>
    <message>
        <source>{n} KV heads</source>
        <translation>{n} 個 KV 頭</translation>
    </message>
    <message>
        <source>, {n} of them holding only the last {window} tokens</source>
        <translation>，其中 {n} 層只保留最近 {window} 個詞元</translation>
    </message>
    <message>
        <source>{params:g} B params x {bpe:g} B ({precision})</source>
        <translation>{params:g} B 參數 x {bpe:g} B（{precision}）</translation>
    </message>
    <message>
        <source>{experts:.2f} B expert params x {ebpe:g} B ({layout}) + {rest:.2f} B other params x 2 B (BF16)</source>
        <translation>{experts:.2f} B 專家參數 x {ebpe:g} B（{layout}）+ {rest:.2f} B 其他參數 x 2 B（BF16）</translation>
    </message>
    <message>
        <source>Per GPU, TP={tp} x PP={pp}: weights {weights_sum}{shards} = {weights}{moe}; overhead {overhead} ({overhead_parts}); KV cache {kv_kb:.1f} kB/token ({layers} layers, {kv_note}, {kv_precision} = {kv_bpe:g} B) x {context} tokens x {requests} request(s) = {kv}. Need {need} of {usable} usable ({budget}).</source>
        <translation>每 GPU，TP={tp} x PP={pp}：權重 {weights_sum}{shards} = {weights}{moe}；開銷 {overhead}（{overhead_parts}）；KV 快取 {kv_kb:.1f} kB/詞元（{layers} 層，{kv_note}，{kv_precision} = {kv_bpe:g} B）x {context} 詞元 x {requests} 個請求 = {kv}。需要 {need}，可用 {usable}（{budget}）。</translation>
    </message>
    <message>
        <source>{n} concurrent requests over {copies} model copies.</source>
        <translation>{n} 個並行請求分佈在 {copies} 個模型副本上。</translation>
    </message>
    <message>
        <source>Model &apos;{id}&apos; is not in the catalog</source>
        <translation>模型「{id}」不在零件庫中</translation>
    </message>
    <message>
        <source>VRAM, storage and parallelism checks need the model&apos;s size and shape; they are skipped.</source>
        <translation>顯示記憶體、儲存和並行檢查需要模型的大小和結構；將跳過這些檢查。</translation>
    </message>
    <message>
        <source>{model} is a MoE model without its routing in the catalog</source>
        <translation>{model} 是 MoE 模型，但目錄中沒有它的路由資訊</translation>
    </message>
    <message>
        <source>No GPU placed for {model}</source>
        <translation>未為 {model} 安裝 GPU</translation>
    </message>
    <message>
        <source>{chassis} has {n} {form} GPU positions.</source>
        <translation>{chassis} 有 {n} 個 {form} GPU 位。</translation>
    </message>
    <message>
        <source>cut the input to {n} tokens</source>
        <translation>將輸入縮短到 {n} 個詞元</translation>
    </message>
    <message>
        <source>{n} tokens per request exceed {model}&apos;s {max}-token window</source>
        <translation>每個請求 {n} 個詞元，超出 {model} 的 {max} 詞元上下文視窗</translation>
    </message>
    <message>
        <source>Input {input} + output {output} = {n} &gt; max_context {max} (model config).</source>
        <translation>輸入 {input} + 輸出 {output} = {n} &gt; max_context {max}（模型配置）。</translation>
    </message>
    <message>
        <source>one {gpu}</source>
        <translation>一張 {gpu}</translation>
    </message>
    <message>
        <source>limit concurrency to {n} requests</source>
        <translation>將並行限制為 {n} 個請求</translation>
    </message>
    <message>
        <source>KV cache for {requests} x {context} tokens per model copy does not fit: {wanted} wanted, {left} left; at most {max} requests</source>
        <translation>每個模型副本 {requests} x {context} 個詞元的 KV 快取放不下：需要 {wanted}，剩餘 {left}；最多 {max} 個請求</translation>
    </message>
    <message>
        <source>Longest context that fits one request: {n} tokens.</source>
        <translation>單個請求可容納的最長上下文：{n} 個詞元。</translation>
    </message>
    <message>
        <source>Only {headroom} VRAM headroom per GPU ({share:.0%})</source>
        <translation>每 GPU 顯示記憶體餘量僅 {headroom}（{share:.0%}）</translation>
    </message>
    <message>
        <source>The profile asks for at least {margin:.0%} of usable VRAM free.</source>
        <translation>規則設定檔要求至少保留 {margin:.0%} 的可用顯示記憶體。</translation>
    </message>
    <message>
        <source>Only target QPS given: VRAM checked for one request per model copy; up to {n} requests fit</source>
        <translation>只給出了目標 QPS：顯示記憶體按每個模型副本一個請求檢查；最多可容納 {n} 個請求</translation>
    </message>
    <message>
        <source>Concurrency = QPS x request time needs the latency model; set concurrency to check the KV cache at load. {n} requests of {context} tokens fit across {copies} model copies.</source>
        <translation>並行數 = QPS x 請求時長，需要延遲模型計算；請設定並行數以檢查滿載時的 KV 快取。{copies} 個模型副本共可容納 {n} 個 {context} 詞元的請求。</translation>
    </message>
    <message>
        <source>Quick check (weights x {factor:g}) says it fits; the detailed check says otherwise</source>
        <translation>快速估算（權重 x {factor:g}）認為放得下；詳細檢查結論相反</translation>
    </message>
    <message>
        <source>Quick check (weights x {factor:g}) says it does not fit; the detailed check says otherwise</source>
        <translation>快速估算（權重 x {factor:g}）認為放不下；詳細檢查結論相反</translation>
    </message>
</context>
<context>
    <name>ScenarioModel</name>
    <message>
        <source>Scenario</source>
        <translation>場景</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>變更</translation>
    </message>
    <message>
        <source>Keeps running?</source>
        <translation>能否持續運作？</translation>
    </message>
    <message>
        <source>Max at the wall</source>
        <translation>市電輸入端最大功耗</translation>
    </message>
    <message>
        <source>Findings that change</source>
        <translation>變化的檢查結果</translation>
    </message>
    <message>
        <source>{0} W</source>
        <translation>{0} W</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
</context>
<context>
    <name>SiteEditor</name>
    <message>
        <source>Custom (type the site&apos;s own figures)</source>
        <translation>自訂（輸入場地自己的數值）</translation>
    </message>
    <message>
        <source>{kw} kW per rack</source>
        <translation>每機櫃 {kw} kW</translation>
    </message>
    <message>
        <source>{volts} V × {amps} A feed</source>
        <translation>{volts} V × {amps} A 供電</translation>
    </message>
    <message>
        <source>{cooling} cooling {kw} kW</source>
        <translation>{cooling} 散熱 {kw} kW</translation>
    </message>
    <message>
        <source>{n} GPU ≤ {w} W</source>
        <translation>{n} 張 GPU ≤ {w} W</translation>
    </message>
    <message>
        <source>{name} ({details})</source>
        <translation>{name}（{details}）</translation>
    </message>
    <message>
        <source>Site limits per rack</source>
        <translation>場地每機櫃限制</translation>
    </message>
    <message>
        <source>Rack power</source>
        <translation>機櫃功率</translation>
    </message>
    <message>
        <source>Cooling type</source>
        <translation>散熱類型</translation>
    </message>
    <message>
        <source>Cooling capacity</source>
        <translation>散熱能力</translation>
    </message>
    <message>
        <source>Feed voltage</source>
        <translation>供電電壓</translation>
    </message>
    <message>
        <source>Feed phases</source>
        <translation>供電相數</translation>
    </message>
    <message>
        <source>Feed breaker</source>
        <translation>供電斷路器</translation>
    </message>
    <message>
        <source>Breaker loading</source>
        <translation>斷路器負載率</translation>
    </message>
    <message>
        <source>Rack units</source>
        <translation>機架空間</translation>
    </message>
    <message>
        <source>single phase</source>
        <translation>單相</translation>
    </message>
    <message>
        <source>three phase</source>
        <translation>三相</translation>
    </message>
    <message>
        <source> kW</source>
        <translation> kW</translation>
    </message>
    <message>
        <source> V</source>
        <translation> V</translation>
    </message>
    <message>
        <source> A</source>
        <translation> A</translation>
    </message>
    <message>
        <source> % of rating</source>
        <translation> % 額定值</translation>
    </message>
    <message>
        <source> U</source>
        <translation> U</translation>
    </message>
    <message>
        <source>none (the feed sets it)</source>
        <translation>無（由供電線路決定）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>Back to the preset&apos;s figures</source>
        <translation>恢復預設數值</translation>
    </message>
    <message>
        <source>A custom site needs its rack power or its feed breaker rating: give one of them.</source>
        <translation>自訂場地需要機櫃功率或供電斷路器額定值：請至少填寫其中一項。</translation>
    </message>
    <message>
        <source>{field} cannot be {value}.</source>
        <translation>{field} 不能為 {value}。</translation>
    </message>
    <message>
        <source>Source: {0}</source>
        <translation>來源：{0}</translation>
    </message>
    <message>
        <source>Custom site: give the rack power or the feed breaker (or both; the lower counts), the cooling and the rack space.</source>
        <translation>自訂場地：請填寫機櫃功率或供電斷路器（也可兩者都填，以較低者為準）、散熱和機架空間。</translation>
    </message>
    <message>
        <source>Figures in italics are the preset&apos;s; type over any to set this site&apos;s own. Power: {power}. Cooling: {cooling}.</source>
        <translation>斜體數值來自預設；直接改寫任一數值即可為此場地設定自己的值。供電：{power}。散熱：{cooling}。</translation>
    </message>
</context>
<context>
    <name>StartPage</name>
    <message>
        <source>Start a sizing</source>
        <translation>開始選型</translation>
    </message>
    <message>
        <source>Pick one way in; everything can be changed afterwards.</source>
        <translation>任選一種方式開始；之後一切都可以修改。</translation>
    </message>
    <message>
        <source>Size from the client&apos;s questions</source>
        <translation>根據客戶的問題選型</translation>
    </message>
    <message>
        <source>Model, users, prompt and answer length, latency: the assistant ranks builds that pass every rule.</source>
        <translation>模型、使用者數、提示與回答長度、延遲：助手會對通過全部規則的配置進行排序。</translation>
    </message>
    <message>
        <source>New build</source>
        <translation>新增配置</translation>
    </message>
    <message>
        <source>Choose a chassis and a site, then drag parts into the chassis.</source>
        <translation>選擇機箱和場地，然後將零件拖入機箱。</translation>
    </message>
    <message>
        <source>Open a sample</source>
        <translation>開啟範例</translation>
    </message>
    <message>
        <source>Recent projects</source>
        <translation>最近的專案</translation>
    </message>
    <message>
        <source>Projects you save or open will be listed here.</source>
        <translation>您儲存或開啟的專案將列在這裡。</translation>
    </message>
</context>
<context>
    <name>Team</name>
    <message>
        <source>no project {id} in the team library</source>
        <translation>團隊庫中沒有專案 {id}</translation>
    </message>
    <message>
        <source>not a rule profile: {problem}</source>
        <translation>不是規則配置：{problem}</translation>
    </message>
    <message>
        <source>{path} is not an up-to-date catalog database; open the app or run `python -m app catalog info` once</source>
        <translation>{path} 不是最新版本的零件庫資料庫；請開啟應用程式，或執行一次 `python -m app catalog info`</translation>
    </message>
    <message>
        <source>this catalog was synced with another team server ({known}); use a new data directory (--data-dir) for this one</source>
        <translation>該零件庫已與另一個團隊伺服器（{known}）同步過；請為此伺服器使用新的資料目錄（--data-dir）</translation>
    </message>
    <message>
        <source>cannot connect to the team server {server}: {problem}</source>
        <translation>無法連線至團隊伺服器 {server}：{problem}</translation>
    </message>
    <message>
        <source>cannot connect to the team server: {problem}</source>
        <translation>無法連線至團隊伺服器：{problem}</translation>
    </message>
    <message>
        <source>this installation cannot create the server schema; run `team init --setup-server` from a Python install with the &apos;team&apos; extra</source>
        <translation>目前安裝無法建立伺服器資料庫結構；請在裝有「team」選用相依套件的 Python 環境中執行 `team init --setup-server`</translation>
    </message>
    <message>
        <source>the team server&apos;s schema could not be created or upgraded: {problem}</source>
        <translation>無法建立或升級團隊伺服器的資料庫結構：{problem}</translation>
    </message>
    <message>
        <source>role {role!r} is not one of: sales, admin</source>
        <translation>角色 {role!r} 無效，只能是 sales 或 admin</translation>
    </message>
    <message>
        <source>user name {login!r}: use lower-case letters, digits and _ . @ -</source>
        <translation>使用者名稱 {login!r}：只能使用小寫字母、數字和 _ . @ -</translation>
    </message>
    <message>
        <source>cannot add user {login}: {problem}</source>
        <translation>無法新增使用者 {login}：{problem}</translation>
    </message>
    <message>
        <source>the team server did not say who is connected</source>
        <translation>團隊伺服器未回報目前連線的使用者身分</translation>
    </message>
    <message>
        <source>host {host!r} is not a host name or address</source>
        <translation>主機 {host!r} 不是有效的主機名稱或位址</translation>
    </message>
    <message>
        <source>port {port} is not between 1 and 65535</source>
        <translation>連接埠 {port} 不在 1 到 65535 之間</translation>
    </message>
    <message>
        <source>{field} {value!r}: use letters, digits and _ . @ - (at most 63)</source>
        <translation>{field} {value!r}：只能使用字母、數字和 _ . @ -（最多 63 個字元）</translation>
    </message>
    <message>
        <source>TLS mode {mode!r} is not one of {modes}</source>
        <translation>TLS 模式 {mode!r} 無效，應為以下之一：{modes}</translation>
    </message>
    <message>
        <source>{path}: not a team server setting file ({problem})</source>
        <translation>{path}：不是團隊伺服器設定檔（{problem}）</translation>
    </message>
    <message>
        <source>no usable OS keyring to keep the password in ({problem}); set PGPASSWORD or ~/.pgpass instead</source>
        <translation>沒有可用於儲存密碼的作業系統鑰匙圈（{problem}）；請改為設定 PGPASSWORD 或 ~/.pgpass</translation>
    </message>
    <message>
        <source>the sync stopped: {problem}; both copies are consistent, run it again</source>
        <translation>同步已中止：{problem}；兩邊的副本均保持一致，請重新執行</translation>
    </message>
    <message>
        <source>the sync stopped at the local catalog {path}: {problem}; run it again</source>
        <translation>同步在本機零件庫 {path} 處中止：{problem}；請重新執行</translation>
    </message>
    <message>
        <source>the team server has no Inference Sizer schema yet; a database owner runs `python -m app team init --setup-server` first</source>
        <translation>團隊伺服器上尚無 Inference Sizer 資料庫結構；需先由資料庫擁有者執行 `python -m app team init --setup-server`</translation>
    </message>
    <message>
        <source>the team server&apos;s schema is {revision}, this app knows up to {head}: update the app (or have the server upgraded with `team init --setup-server`)</source>
        <translation>團隊伺服器的資料庫結構版本為 {revision}，本應用程式最高只支援到 {head}：請更新應用程式（或請管理員用 `team init --setup-server` 升級伺服器）</translation>
    </message>
    <message>
        <source>{user} is in neither team role (inference_sizer_sales, inference_sizer_admin)</source>
        <translation>{user} 不屬於任何團隊角色（inference_sizer_sales、inference_sizer_admin）</translation>
    </message>
    <message>
        <source>the team server has no identity row; run `team init --setup-server` again</source>
        <translation>團隊伺服器缺少身分記錄；請再次執行 `team init --setup-server`</translation>
    </message>
    <message>
        <source>deleted on the server</source>
        <translation>已在伺服器上刪除</translation>
    </message>
    <message>
        <source>changed on the server and here</source>
        <translation>伺服器和本機均有修改</translation>
    </message>
    <message>
        <source>refused by the server: {problem}</source>
        <translation>被伺服器拒絕：{problem}</translation>
    </message>
    <message>
        <source>owned by {owner}: only they can change it (keep theirs, or both as copies)</source>
        <translation>歸 {owner} 所有：只有擁有者本人可以修改（請保留對方的版本，或將兩者都保留為副本）</translation>
    </message>
    <message>
        <source>changed on the server since this copy was based on it</source>
        <translation>本機副本建立後，伺服器上的版本已被修改</translation>
    </message>
    <message>
        <source>no conflict on {kind} {id}</source>
        <translation>{kind} {id} 沒有衝突</translation>
    </message>
    <message>
        <source>choose theirs, mine or both, not {choice!r}</source>
        <translation>請選擇 theirs、mine 或 both，而不是 {choice!r}</translation>
    </message>
    <message>
        <source>a {kind} has one value: choose theirs or mine</source>
        <translation>{kind} 只有一個值：請選擇 theirs 或 mine</translation>
    </message>
    <message>
        <source>{name} (my copy)</source>
        <translation>{name}（我的副本）</translation>
    </message>
</context>
<context>
    <name>TeamPage</name>
    <message>
        <source>Team server</source>
        <translation>團隊伺服器</translation>
    </message>
    <message>
        <source>&amp;Share the catalog, prices and projects through a team server</source>
        <translation>透過團隊伺服器共用零件庫、價格和專案(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>主機(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>連接埠(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Database:</source>
        <translation>資料庫(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>使用者(&amp;U)：</translation>
    </message>
    <message>
        <source>&amp;TLS mode:</source>
        <translation>TLS 模式(&amp;T)：</translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation>密碼(&amp;W)：</translation>
    </message>
    <message>
        <source>kept in the system keyring; leave empty to keep the saved one</source>
        <translation>儲存在系統鑰匙圈中；留空則保留已儲存的密碼</translation>
    </message>
    <message>
        <source>Not saved: {0}</source>
        <translation>未儲存：{0}</translation>
    </message>
    <message>
        <source>Without a team server this copy works on its own. Sync with `python -m app team sync`.</source>
        <translation>未使用團隊伺服器時，目前副本獨立運作。使用 `python -m app team sync` 進行同步。</translation>
    </message>
    <message>
        <source>the team server needs the &apos;team&apos; extra ({0} is missing)</source>
        <translation>團隊伺服器需要「team」選用相依套件（缺少 {0}）</translation>
    </message>
</context>
<context>
    <name>WorkloadPanel</name>
    <message>
        <source>Real-time chat (P99 &lt; 200 ms)</source>
        <translation>即時對話（P99 &lt; 200 ms）</translation>
    </message>
    <message>
        <source>Code completion (P99 &lt; 500 ms)</source>
        <translation>程式碼補全（P99 &lt; 500 ms）</translation>
    </message>
    <message>
        <source>Document summarisation (&lt; 5 s)</source>
        <translation>文件摘要（&lt; 5 s）</translation>
    </message>
    <message>
        <source>RAG (&lt; 1 s)</source>
        <translation>RAG（&lt; 1 s）</translation>
    </message>
    <message>
        <source>Batch analytics (&gt; 10 s)</source>
        <translation>批次分析（&gt; 10 s）</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source> tok</source>
        <translation> 詞元</translation>
    </message>
    <message>
        <source>Prompt tokens every request shares and the engine&apos;s prefix cache holds (a system prompt, a RAG context): not prefilled again, their KV cache held once</source>
        <translation>每個請求共用、由引擎前綴快取保存的提示詞詞元（系統提示詞、RAG 上下文）：不再重複預填充，其 KV 快取只保存一份</translation>
    </message>
    <message>
        <source>engine default</source>
        <translation>引擎預設值</translation>
    </message>
    <message>
        <source>Requests one model copy runs at once (vLLM --max-num-seqs, SGLang --max-running-requests, TensorRT-LLM max_batch_size); more wait in its queue. Lowest value: the engine&apos;s default for the GPU</source>
        <translation>每個模型副本同時執行的請求數（vLLM --max-num-seqs、SGLang --max-running-requests、TensorRT-LLM max_batch_size）；超出的請求在佇列中等待。最小值：引擎針對該 GPU 的預設值</translation>
    </message>
    <message>
        <source>Speculative decoding (MTP, EAGLE): draft tokens a step proposes for every request, checked in one pass of the model. It speeds up decode where a step is memory-bound and slows it where it is compute-bound</source>
        <translation>推測解碼（MTP、EAGLE）：每步為每個請求提出的草稿詞元數，由模型在一次前向中驗證。在記憶體頻寬受限的步驟中加快解碼，在運算受限的步驟中使其變慢</translation>
    </message>
    <message>
        <source>default (70 % a draft token)</source>
        <translation>預設（每個草稿詞元 70 %）</translation>
    </message>
    <message>
        <source>Tokens a speculative step keeps per request on average, as your engine logs it (accept length): between 1 and the draft tokens + 1. It depends on your prompts and the draft model</source>
        <translation>推測解碼每步平均為每個請求保留的詞元數，即推論引擎日誌記錄的值：介於 1 與草稿詞元數 + 1 之間。取決於您的提示詞和草稿模型</translation>
    </message>
    <message>
        <source>use the concurrency</source>
        <translation>依並行數</translation>
    </message>
    <message>
        <source>The load as requests per second arriving at random (Poisson); the concurrency then follows from it</source>
        <translation>以每秒隨機到達的請求數（卜瓦松分布）表示負載；並行數由其推算</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>工作負載</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>權重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 快取</translation>
    </message>
    <message>
        <source>Input length</source>
        <translation>輸入長度</translation>
    </message>
    <message>
        <source>Input length spread</source>
        <translation>輸入長度離散度</translation>
    </message>
    <message>
        <source>Output length</source>
        <translation>輸出長度</translation>
    </message>
    <message>
        <source>Cached prefix</source>
        <translation>快取前綴</translation>
    </message>
    <message>
        <source>Concurrent requests</source>
        <translation>並行請求數</translation>
    </message>
    <message>
        <source>Requests per second</source>
        <translation>每秒請求數</translation>
    </message>
    <message>
        <source>Latency scenario</source>
        <translation>延遲場景</translation>
    </message>
    <message>
        <source>P99 TTFT target</source>
        <translation>P99 TTFT 目標</translation>
    </message>
    <message>
        <source>P99 TPOT bound</source>
        <translation>P99 TPOT 上限</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>張量平行</translation>
    </message>
    <message>
        <source>Pipeline parallel</source>
        <translation>管線平行</translation>
    </message>
    <message>
        <source>Attention data-parallel</source>
        <translation>注意力資料平行</translation>
    </message>
    <message>
        <source>Expert parallel</source>
        <translation>專家平行</translation>
    </message>
    <message>
        <source>Serving engine</source>
        <translation>推論引擎</translation>
    </message>
    <message>
        <source>Running-request limit</source>
        <translation>同時執行請求上限</translation>
    </message>
    <message>
        <source>Speculative draft tokens</source>
        <translation>推測草稿詞元數</translation>
    </message>
    <message>
        <source>Acceptance length</source>
        <translation>接受長度</translation>
    </message>
    <message>
        <source>GPU power limit</source>
        <translation>GPU 功耗限制</translation>
    </message>
    <message>
        <source>Each GPU of the tensor-parallel group runs attention for its own requests with the attention weights whole, and caches only their KV (TensorRT-LLM enable_attention_dp, SGLang --enable-dp-attention, vLLM --data-parallel-size with --enable-expert-parallel): MLA models such as DeepSeek hold up to TP times the requests</source>
        <translation>張量平行組中的每張 GPU 以完整的注意力權重為自己的請求計算注意力，且只快取這些請求的 KV（TensorRT-LLM enable_attention_dp，SGLang --enable-dp-attention，vLLM --data-parallel-size 加 --enable-expert-parallel）：DeepSeek 等 MLA 模型最多可容納 TP 倍的請求</translation>
    </message>
    <message>
        <source>MoE models: each GPU of the tensor-parallel group holds whole experts and runs the tokens routed to them (TensorRT-LLM --ep, SGLang --ep-size, vLLM --enable-expert-parallel), instead of a slice of every expert: each GPU writes and sums the outputs of 1/TP of the token-expert pairs. Attention data-parallel runs its experts so</source>
        <translation>MoE 模型：張量平行群組內每張 GPU 持有完整的專家，並處理路由到這些專家的詞元（TensorRT-LLM --ep，SGLang --ep-size，vLLM --enable-expert-parallel），而非每張 GPU 各持每個專家的一個切片：每張 GPU 只需寫出並加總 1/TP 的詞元-專家配對的輸出。注意力資料平行也以此方式執行專家</translation>
    </message>
    <message>
        <source>A benchmark whose prompts and answers all have one length (a random-token dataset with --ignore-eos and no length range: vllm bench serve&apos;s default): its clients&apos; rounds stay in step, so each round&apos;s prompts wait for each other&apos;s prefill and TTFT is longer than for traffic of varied lengths. For comparing with such a run; at a concurrency, with no length spread</source>
        <translation>所有提示和回答同一長度的基準測試（隨機詞元資料集，帶 --ignore-eos、無長度範圍：vllm bench serve 的預設設定）：各用戶端的輪次保持同步，因此每一輪的提示要等待彼此的預填充，TTFT 比長度各異的流量更長。用於與此類測試對比；僅適用於按並行數給出負載且無長度離散度的情況</translation>
    </message>
    <message>
        <source>TDP</source>
        <translation>TDP</translation>
    </message>
    <message>
        <source>Power limit set on the GPUs, within each GPU&apos;s datasheet range (e.g. H100 NVL 350-400 W); lowest value: each GPU at its TDP</source>
        <translation>為 GPU 設定的功耗限制，須在各 GPU 規格表給出的範圍內（如 H100 NVL 為 350-400 W）；最低值表示：各 GPU 以其 TDP 運作</translation>
    </message>
    <message>
        <source>scenario: {0} ms</source>
        <translation>場景：{0} ms</translation>
    </message>
    <message>
        <source>Server and site</source>
        <translation>伺服器與場地</translation>
    </message>
    <message>
        <source>Uniform lengths</source>
        <translation>統一長度</translation>
    </message>
    <message>
        <source>Chassis</source>
        <translation>機箱</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>部署環境</translation>
    </message>
    <message>
        <source>PSU redundancy</source>
        <translation>電源冗餘</translation>
    </message>
</context>
</TS>
