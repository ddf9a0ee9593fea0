// add.ttir.in with @BLOCK@ for the generator test (sed fills it in).
module {
  tt.func public @add_kernel(%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %block = arith.constant @BLOCK@ : i32
    %pid = tt.get_program_id x : i32
    %start = arith.muli %pid, %block : i32
    %range = tt.make_range {end = @BLOCK@ : i32, start = 0 : i32} : tensor<@BLOCK@xi32>
    %starts = tt.splat %start : i32 -> tensor<@BLOCK@xi32>
    %offs = arith.addi %starts, %range : tensor<@BLOCK@xi32>
    %ns = tt.splat %n : i32 -> tensor<@BLOCK@xi32>
    %mask = arith.cmpi slt, %offs, %ns : tensor<@BLOCK@xi32>
    %xb = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<@BLOCK@x!tt.ptr<f32>>
    %xp = tt.addptr %xb, %offs : tensor<@BLOCK@x!tt.ptr<f32>>, tensor<@BLOCK@xi32>
    %x = tt.load %xp, %mask : tensor<@BLOCK@x!tt.ptr<f32>>
    %yb = tt.splat %y_ptr : !tt.ptr<f32> -> tensor<@BLOCK@x!tt.ptr<f32>>
    %yp = tt.addptr %yb, %offs : tensor<@BLOCK@x!tt.ptr<f32>>, tensor<@BLOCK@xi32>
    %y = tt.load %yp, %mask : tensor<@BLOCK@x!tt.ptr<f32>>
    %ob = tt.splat %out_ptr : !tt.ptr<f32> -> tensor<@BLOCK@x!tt.ptr<f32>>
    %op = tt.addptr %ob, %offs : tensor<@BLOCK@x!tt.ptr<f32>>, tensor<@BLOCK@xi32>
    %sum = arith.addf %x, %y : tensor<@BLOCK@xf32>
    tt.store %op, %sum, %mask : tensor<@BLOCK@x!tt.ptr<f32>>
    tt.return
  }
}
